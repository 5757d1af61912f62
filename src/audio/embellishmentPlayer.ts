/**
 * Plays an embellishment preset in the grace-note trainer (issue 5, beyond the spec): the
 * melody note, the movement's grace notes, then the melody again, with the trainer's sound
 * (sine tones with fading volume at the saved gain, spec §4 'Grace notes') and its melody
 * length (0.5 s, R-9.CONST-18). Each grace note lasts GRACE_NOTE_SECONDS: slower than a piper
 * plays them, so a learner can hear every one. No React; the context getter is passed in.
 */
import type { Hz } from '../music/notes.ts';
import { MELODY_SECONDS, outputPeak } from './graceNotePlayer.ts';
import type { GainLike, OscillatorLike, Seconds, ToneContextLike } from './toneGenerator.ts';

/** A learner's pace for each grace note of a movement (a piper's are 30–60 ms). */
export const GRACE_NOTE_SECONDS: Seconds = 0.09;
const ATTACK: Seconds = 0.005;

export interface Tone {
  readonly frequency: Hz;
  readonly start: Seconds;
  readonly duration: Seconds;
}

/** Melody, every grace note, melody again: offsets from the start. */
export function embellishmentSequence(melody: Hz, graces: readonly Hz[]): Tone[] {
  const parts: [Hz, Seconds][] = [
    [melody, MELODY_SECONDS],
    ...graces.map((g): [Hz, Seconds] => [g, GRACE_NOTE_SECONDS]),
    [melody, MELODY_SECONDS],
  ];
  let start = 0;
  return parts.map(([frequency, duration]) => {
    const tone = { frequency, start, duration };
    start += duration;
    return tone;
  });
}

export interface EmbellishmentPlayer {
  play(melody: Hz, graces: readonly Hz[], storedGain: number): void;
  stop(): void;
  getSnapshot(): boolean;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export function createEmbellishmentPlayer(getContext: () => ToneContextLike): EmbellishmentPlayer {
  let voices: { oscillator: OscillatorLike; amp: GainLike }[] = [];
  let playing = false;
  const listeners = new Set<() => void>();
  const setPlaying = (next: boolean) => {
    if (playing === next) return;
    playing = next;
    listeners.forEach((l) => l());
  };
  const release = (v: { oscillator: OscillatorLike; amp: GainLike }) => {
    v.oscillator.onended = null;
    v.oscillator.disconnect();
    v.amp.disconnect();
    voices = voices.filter((x) => x !== v);
    if (voices.length === 0) setPlaying(false);
  };
  function stop() {
    for (const v of [...voices]) {
      try {
        v.oscillator.stop();
      } catch {
        // Not started or already stopped: releasing is enough.
      }
      release(v);
    }
    setPlaying(false);
  }
  return {
    play(melody, graces, storedGain) {
      stop();
      const ctx = getContext();
      if (ctx.state === 'suspended') void ctx.resume();
      const t0 = ctx.currentTime + 0.02;
      const peak = outputPeak(storedGain);
      for (const tone of embellishmentSequence(melody, graces)) {
        const oscillator = ctx.createOscillator();
        const amp = ctx.createGain();
        const start = t0 + tone.start;
        const end = start + tone.duration;
        oscillator.type = 'sine';
        oscillator.frequency.setValueAtTime(tone.frequency, start);
        amp.gain.setValueAtTime(0, start);
        amp.gain.linearRampToValueAtTime(peak, start + ATTACK);
        amp.gain.linearRampToValueAtTime(0, end);
        oscillator.connect(amp);
        amp.connect(ctx.destination);
        const v = { oscillator, amp };
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
    dispose: stop,
  };
}
