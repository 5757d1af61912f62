/**
 * Plays one chanter note at a time for the practice screens (Flash Cards' Play Note and
 * exercise, Basic Notes, the animated notes): a sine tone (spec §9 'Tone generator: sine, gain
 * 0.5, stops after 1 s unless continuous') or, when asked, the synthesized chanter voice. No
 * React (DESIGN habit 1); the context getter, the voices and the timers are passed in (habit
 * 2). The context is the app's shared one and stays open: dispose() only stops and disconnects.
 */
import type { Hz, Seconds } from '../music/units.ts';
import type { Timers } from './timers.ts';
import type { ToneContextLike } from './toneGenerator.ts';
import type { NodeLike } from './webAudio.ts';

/** A sounding note; `stop(at)` ends it at an audio time (default: now, with a short fade). */
export interface VoiceHandle {
  stop(at?: number): void;
}

/**
 * Starts a note at audio time `when` for `duration` seconds, or until stopped when null. The
 * chanter voice (src/audio/synth/chanterVoice.ts) has this shape.
 */
export type VoiceFn<C extends ToneContextLike = ToneContextLike> = (
  ctx: C,
  destination: NodeLike,
  hz: Hz,
  when: number,
  duration: Seconds | null,
  gain: number,
) => VoiceHandle;

export type VoiceName = 'sine' | 'chanter';

/** Spec §9 'Tone generator: sine, gain 0.5'. */
export const NOTE_GAIN = 0.5;
/** 10 ms fades: an instant start or stop of a sine is heard as a click. */
const FADE: Seconds = 0.01;

/** The plain sine voice with short fades in and out. */
export const sineVoice: VoiceFn = (ctx, destination, hz, when, duration, gain) => {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.setValueAtTime(hz, when);
  amp.gain.setValueAtTime(0, when);
  amp.gain.linearRampToValueAtTime(gain, when + FADE);
  osc.connect(amp);
  amp.connect(destination);
  let ended = false;
  const end = (at: number) => {
    if (ended) return;
    ended = true;
    amp.gain.cancelScheduledValues(at);
    amp.gain.setValueAtTime(gain, at);
    amp.gain.linearRampToValueAtTime(0, at + FADE);
    osc.stop(at + FADE);
  };
  osc.onended = () => {
    osc.disconnect();
    amp.disconnect();
  };
  osc.start(when);
  if (duration !== null) {
    amp.gain.setValueAtTime(gain, when + Math.max(FADE, duration - FADE));
    amp.gain.linearRampToValueAtTime(0, when + duration);
    osc.stop(when + duration);
  }
  return {
    stop(at) {
      if (duration !== null && at === undefined && ctx.currentTime >= when + duration) return;
      end(Math.max(at ?? ctx.currentTime, when));
    },
  };
};

// Was declared here before ADR 021; kept so branches that import it from here still build.
export type { Timers as NotePlayerTimers } from './timers.ts';

export interface NotePlayerOptions<C extends ToneContextLike> {
  /** The shared context; called inside the click that asks for sound (autoplay rules). */
  getContext: () => C;
  timers: Timers;
  /** Voices by name; 'sine' is built in, 'chanter' is the synth when the screen has it. */
  voices?: Partial<Record<VoiceName, VoiceFn<C>>>;
  gain?: number;
}

export interface NotePlayer {
  /**
   * Sounds `hz` now, replacing the note still sounding; `duration` null plays until stop().
   * Throws when audio cannot start (the screen reports 'Failed to play note', spec §8).
   */
  play(hz: Hz, duration: Seconds | null, voice?: VoiceName): void;
  stop(): void;
  /** The frequency sounding, or null: the snapshot for useSyncExternalStore (habit 5). */
  getSnapshot(): Hz | null;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export function createNotePlayer<C extends ToneContextLike>({
  getContext,
  timers,
  voices = {},
  gain = NOTE_GAIN,
}: NotePlayerOptions<C>): NotePlayer {
  let current: { hz: Hz; voice: VoiceHandle; timer: unknown } | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  function stop() {
    if (!current) return;
    const { voice, timer } = current;
    current = null;
    if (timer !== null) timers.clearTimeout(timer);
    voice.stop();
    emit();
  }

  return {
    play(hz, duration, voiceName = 'sine') {
      if (!(hz > 0) || (duration !== null && !(duration > 0))) {
        throw new RangeError('frequency and duration must be positive');
      }
      stop();
      const ctx = getContext();
      if (ctx.state === 'suspended') void ctx.resume();
      const fn = (voiceName === 'chanter' ? voices.chanter : undefined) ?? voices.sine ?? sineVoice;
      const voice = fn(ctx, ctx.destination, hz, ctx.currentTime, duration, gain);
      const entry = { hz, voice, timer: null as unknown };
      if (duration !== null) {
        entry.timer = timers.setTimeout(() => {
          if (current !== entry) return;
          current = null;
          emit();
        }, duration * 1000);
      }
      current = entry;
      emit();
    },
    stop,
    getSnapshot: () => current?.hz ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: stop,
  };
}
