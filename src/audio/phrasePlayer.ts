/**
 * The one engine behind the grace-note trainer's sounds (spec §4 'Grace notes'): a short
 * phrase of sine tones, each fading from its peak to silence (R-4.GRACE-08), at a peak set by
 * the saved gain. A new phrase replaces one still sounding. No React (DESIGN habit 1); the
 * context getter is passed in (habit 2) and only called in playTones(), inside the click that
 * asked for sound. The context belongs to the caller, so dispose() never closes it.
 */
import type { Hz, Seconds } from '../music/units.ts';
import type { ToneContextLike } from './toneGenerator.ts';
import type { GainLike, OscillatorLike } from './webAudio.ts';

export interface Tone {
  readonly frequency: Hz;
  readonly start: Seconds;
  readonly duration: Seconds;
}

/** Back-to-back tones as offsets from the phrase's start. */
export function tonesInSequence(parts: readonly (readonly [Hz, Seconds])[]): Tone[] {
  let start = 0;
  return parts.map(([frequency, duration]) => {
    const tone = { frequency, start, duration };
    start += duration;
    return tone;
  });
}

/** The stored gain's default (spec §3 'global gain (default 3)') plays at this peak. */
const DEFAULT_STORED_GAIN = 3;
const PEAK_AT_DEFAULT = 0.4;

/**
 * Peak output amplitude for the stored gain (R-4.GRACE-09). The stored value is the app's one
 * gain setting (default 3, microphone-sized), so it is scaled so the default gives a
 * comfortable 0.4 and clamped to [0, 1] so no value can clip.
 */
export function outputPeak(storedGain: number): number {
  if (!Number.isFinite(storedGain) || storedGain <= 0) return 0;
  return Math.min(1, (storedGain / DEFAULT_STORED_GAIN) * PEAK_AT_DEFAULT);
}

export interface PhrasePlayer {
  /** Plays the tones, replacing any phrase still sounding. */
  playTones(tones: readonly Tone[], storedGain: number): void;
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

/** `attack`: a short rise, since an instant start of a sine is heard as a click. */
export function createPhrasePlayer(
  getContext: () => ToneContextLike,
  attack: Seconds,
): PhrasePlayer {
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
    playTones(tones, storedGain) {
      stop();
      const ctx = getContext();
      if (ctx.state === 'suspended') void ctx.resume();
      const t0 = ctx.currentTime + 0.02;
      const peak = outputPeak(storedGain);
      for (const tone of tones) {
        const oscillator = ctx.createOscillator();
        const amp = ctx.createGain();
        const start = t0 + tone.start;
        const end = start + tone.duration;
        oscillator.type = 'sine';
        oscillator.frequency.setValueAtTime(tone.frequency, start);
        // Fading volume (R-4.GRACE-08): up to the peak at once, then down to silence.
        amp.gain.setValueAtTime(0, start);
        amp.gain.linearRampToValueAtTime(peak, start + attack);
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
    dispose: stop,
  };
}
