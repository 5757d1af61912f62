/**
 * Plays one sine tone at a time: the synthesis test bench (/synthesis-test) and, later, any
 * screen that needs a plain reference pitch. No React (DESIGN habit 1); the Web Audio
 * context is passed in as a factory (habit 2) so tests use a fake and the real one is only
 * created on the first play(), which browsers require to follow a user gesture
 * (https://developer.chrome.com/blog/autoplay/#web-audio).
 */
import type { Hz, Seconds } from '../music/units.ts';
import type { AudioContextLike, GainLike, OscillatorLike } from './webAudio.ts';

/**
 * The parts of Web Audio this engine (and the other tone players) use; a real AudioContext
 * satisfies them. The node types are webAudio.ts's (ADR 021: one set of stand-ins).
 */
export type ToneContextLike = Pick<
  AudioContextLike,
  'currentTime' | 'state' | 'destination' | 'createOscillator' | 'createGain' | 'resume' | 'close'
>;

// Were declared here before ADR 021; kept so branches that import them from here still build.
export type { GainLike, NodeLike, OscillatorLike, ParamLike } from './webAudio.ts';
export type { Seconds } from '../music/units.ts';

export interface ToneGeneratorOptions {
  /** Called once, on the first play(); a page that never plays never opens audio. */
  createContext: () => ToneContextLike;
  /** Peak gain; 0.5 leaves headroom so a sine does not clip on small speakers. */
  gain?: number;
}

export interface ToneGenerator {
  /** Starts a tone, replacing any tone still sounding. */
  play(frequency: Hz, duration?: Seconds): void;
  stop(): void;
  /** Frequency now sounding, or null: the snapshot for useSyncExternalStore (habit 5). */
  getSnapshot(): Hz | null;
  subscribe(listener: () => void): () => void;
  /** Stops, disconnects and closes the context; a later play() opens a fresh one. */
  dispose(): void;
}

/** 10 ms fades: an instant start or stop of a sine is heard as a click. */
const FADE: Seconds = 0.01;

interface Voice {
  readonly frequency: Hz;
  readonly oscillator: OscillatorLike;
  readonly amp: GainLike;
}

export function createToneGenerator({
  createContext,
  gain = 0.5,
}: ToneGeneratorOptions): ToneGenerator {
  let context: ToneContextLike | null = null;
  /** The tone the user asked for; null once it ends or is stopped. */
  let current: Voice | null = null;
  /** Voices still connected: a stopped tone keeps sounding for its short fade-out. */
  const live = new Set<Voice>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  function release(v: Voice) {
    v.oscillator.onended = null;
    v.oscillator.disconnect();
    v.amp.disconnect();
    live.delete(v);
    if (current === v) {
      current = null;
      emit();
    }
  }

  function stop() {
    const v = current;
    if (!v || !context) return;
    const now = context.currentTime;
    v.amp.gain.cancelScheduledValues(now);
    v.amp.gain.setValueAtTime(gain, now);
    v.amp.gain.linearRampToValueAtTime(0, now + FADE);
    // A later stop() replaces the one scheduled by play(); onended then disconnects.
    v.oscillator.stop(now + FADE);
    current = null;
    emit();
  }

  return {
    play(frequency, duration = 1) {
      if (!(frequency > 0) || !(duration > 0)) {
        throw new RangeError('frequency and duration must be positive');
      }
      stop();
      context ??= createContext();
      // A context made outside a gesture starts suspended; resuming inside one unlocks it.
      if (context.state === 'suspended') void context.resume();
      const now = context.currentTime;
      const oscillator = context.createOscillator();
      const amp = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, now);
      const fade = Math.min(FADE, duration / 4);
      amp.gain.setValueAtTime(0, now);
      amp.gain.linearRampToValueAtTime(gain, now + fade);
      amp.gain.setValueAtTime(gain, now + duration - fade);
      amp.gain.linearRampToValueAtTime(0, now + duration);
      oscillator.connect(amp);
      amp.connect(context.destination);
      const v: Voice = { frequency, oscillator, amp };
      oscillator.onended = () => release(v);
      oscillator.start(now);
      oscillator.stop(now + duration);
      live.add(v);
      current = v;
      emit();
    },
    stop,
    getSnapshot: () => current?.frequency ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      stop();
      for (const v of [...live]) release(v);
      if (context) {
        void context.close();
        context = null;
      }
    },
  };
}
