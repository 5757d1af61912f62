/**
 * Plays the grace-note trainer's phrase (spec §4 'Grace notes', R-4.GRACE-07..09): the melody
 * note for 0.5 s, the grace note for 0.2 s if there is one, then the melody again for 0.5 s,
 * as sine tones whose volume fades over each tone, at the saved gain. No React (DESIGN habit
 * 1); the context getter is passed in (habit 2) and only called in play(), inside the click
 * that asked for sound (https://developer.chrome.com/blog/autoplay/#web-audio). The context
 * belongs to the caller (the app's shared one), so dispose() disconnects but never closes it.
 */
import type { Hz } from '../music/notes.ts';
import type { GainLike, OscillatorLike, Seconds, ToneContextLike } from './toneGenerator.ts';

/** Durations of spec §9 (R-9.CONST-18). */
export const MELODY_SECONDS: Seconds = 0.5;
export const GRACE_SECONDS: Seconds = 0.2;

/** The stored gain's default (spec §3 'global gain (default 3)') plays at this peak. */
const DEFAULT_STORED_GAIN = 3;
const PEAK_AT_DEFAULT = 0.4;
/** A short attack: an instant start of a sine is heard as a click. */
const ATTACK: Seconds = 0.008;

export interface Tone {
  readonly frequency: Hz;
  readonly start: Seconds;
  readonly duration: Seconds;
}

/** The phrase as offsets from its start (R-4.GRACE-07). */
export function graceNoteSequence(melody: Hz, grace: Hz | null): Tone[] {
  const parts: [Hz, Seconds][] = [[melody, MELODY_SECONDS]];
  if (grace !== null) parts.push([grace, GRACE_SECONDS]);
  parts.push([melody, MELODY_SECONDS]);
  let start = 0;
  return parts.map(([frequency, duration]) => {
    const tone = { frequency, start, duration };
    start += duration;
    return tone;
  });
}

/**
 * Peak output amplitude for the stored gain (R-4.GRACE-09). The stored value is the app's one
 * gain setting (default 3, microphone-sized), so it is scaled so the default gives a
 * comfortable 0.4 and clamped to [0, 1] so no value can clip.
 */
export function outputPeak(storedGain: number): number {
  if (!Number.isFinite(storedGain) || storedGain <= 0) return 0;
  return Math.min(1, (storedGain / DEFAULT_STORED_GAIN) * PEAK_AT_DEFAULT);
}

export interface GraceNotePlayer {
  /** Plays the phrase, replacing any phrase still sounding. */
  play(melody: Hz, grace: Hz | null, storedGain: number): void;
  stop(): void;
  /** Whether a phrase is sounding: the snapshot for useSyncExternalStore (habit 5). */
  getSnapshot(): boolean;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

interface Voice {
  readonly oscillator: OscillatorLike;
  readonly amp: GainLike;
}

export function createGraceNotePlayer(getContext: () => ToneContextLike): GraceNotePlayer {
  let voices: Voice[] = [];
  let playing = false;
  const listeners = new Set<() => void>();
  const setPlaying = (next: boolean) => {
    if (playing === next) return;
    playing = next;
    listeners.forEach((l) => l());
  };

  function release(v: Voice) {
    v.oscillator.onended = null;
    v.oscillator.disconnect();
    v.amp.disconnect();
    voices = voices.filter((x) => x !== v);
    if (voices.length === 0) setPlaying(false);
  }

  function stop() {
    for (const v of [...voices]) {
      try {
        v.oscillator.stop();
      } catch {
        // Not started yet or already stopped: releasing below is enough.
      }
      release(v);
    }
    setPlaying(false);
  }

  return {
    play(melody, grace, storedGain) {
      stop();
      const ctx = getContext();
      if (ctx.state === 'suspended') void ctx.resume();
      const t0 = ctx.currentTime + 0.02;
      const peak = outputPeak(storedGain);
      for (const tone of graceNoteSequence(melody, grace)) {
        const oscillator = ctx.createOscillator();
        const amp = ctx.createGain();
        const start = t0 + tone.start;
        const end = start + tone.duration;
        oscillator.type = 'sine';
        oscillator.frequency.setValueAtTime(tone.frequency, start);
        // Fading volume (R-4.GRACE-08): up to the peak at once, then down to silence.
        amp.gain.setValueAtTime(0, start);
        amp.gain.linearRampToValueAtTime(peak, start + ATTACK);
        amp.gain.linearRampToValueAtTime(0, end);
        oscillator.connect(amp);
        amp.connect(ctx.destination);
        const v: Voice = { oscillator, amp };
        oscillator.onended = () => release(v);
        oscillator.start(start);
        oscillator.stop(end);
        voices.push(v);
      }
      setPlaying(true);
    },
    stop,
    getSnapshot: () => playing,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      stop();
    },
  };
}
