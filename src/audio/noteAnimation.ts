/**
 * The animated notes' engine (spec §2.3 Home strip and /animated-notes): notes travel past a
 * marker and each one sounds as it reaches it (R-2.3.STRIP-04). Timing comes from the audio
 * clock: the tones are scheduled ahead with the look-ahead scheduler (spec §9, ADR 010), and
 * the picture asks `position()`, computed from the same clock, on each animation frame, so
 * what is seen and heard cannot drift apart. No React; context, timers and voice are passed in.
 */
import type { Hz, Seconds } from '../music/units.ts';
import { sineVoice, type VoiceFn, type VoiceHandle } from './notePlayer.ts';
import { createLookAheadScheduler, type LookAheadScheduler } from './scheduler.ts';
import type { Timers } from './timers.ts';
import type { ToneContextLike } from './toneGenerator.ts';

export interface NoteAnimationOptions<C extends ToneContextLike> {
  getContext: () => C;
  timers: Timers;
  /** Frequency of the note at (looping) position k. */
  frequencyAt: (k: number) => Hz;
  /** Seconds between notes reaching the marker. */
  interval: Seconds;
  voice?: VoiceFn<C>;
  /** Peak gain of each tone. */
  gain?: number;
}

export interface NoteAnimation {
  play(): void;
  pause(): void;
  /** Where the strip is, in notes: note k is at the marker at position k. */
  position(): number;
  setInterval(interval: Seconds): void;
  getSnapshot(): boolean;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

/** How long each tone sounds, as a share of the spacing: notes stay separate. */
const TONE_SHARE = 0.8;
/** The first note is scheduled this far ahead so the graph is built before it sounds. */
const START_DELAY: Seconds = 0.05;

export function createNoteAnimation<C extends ToneContextLike>({
  getContext,
  timers,
  frequencyAt,
  interval: initialInterval,
  voice = sineVoice,
  gain = 0.35,
}: NoteAnimationOptions<C>): NoteAnimation {
  let interval = initialInterval;
  let playing = false;
  let ctx: C | null = null;
  let scheduler: LookAheadScheduler | null = null;
  /** While playing: position `base` was at audio time `baseTime`. Paused: the position. */
  let base = 0;
  let baseTime = 0;
  let voices: { at: number; handle: VoiceHandle }[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const position = () =>
    playing && ctx ? Math.max(base, base + (ctx.currentTime - baseTime) / interval) : base;

  function begin(c: C) {
    // The next whole note reaches the marker one partial spacing from now.
    const first = Math.ceil(base);
    const at = c.currentTime + START_DELAY + (first - base) * interval;
    baseTime = c.currentTime + START_DELAY;
    scheduler = createLookAheadScheduler({
      now: () => c.currentTime,
      timers,
      bpm: 60 / interval,
      onBeat(time, index) {
        const hz = frequencyAt(first + index);
        const handle = voice(c, c.destination, hz, time, interval * TONE_SHARE, gain);
        voices = [
          ...voices.filter((v) => v.at > c.currentTime - 2 * interval),
          { at: time, handle },
        ];
      },
    });
    scheduler.start(at);
  }

  function halt() {
    scheduler?.dispose();
    scheduler = null;
    // Tones queued ahead of the clock would still sound after a pause.
    const now = ctx?.currentTime ?? 0;
    for (const v of voices) if (v.at > now) v.handle.stop(v.at);
    voices = [];
  }

  return {
    play() {
      if (playing) return;
      ctx ??= getContext();
      if (ctx.state === 'suspended') void ctx.resume();
      playing = true;
      begin(ctx);
      emit();
    },
    pause() {
      if (!playing) return;
      base = position();
      halt();
      playing = false;
      emit();
    },
    position,
    setInterval(next) {
      if (!(next > 0)) throw new RangeError('interval must be positive');
      if (playing && ctx) {
        base = position();
        halt();
        interval = next;
        begin(ctx);
      } else {
        interval = next;
      }
    },
    getSnapshot: () => playing,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (playing) base = position();
      halt();
      playing = false;
      emit();
    },
  };
}
