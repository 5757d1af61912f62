/**
 * One interface for every way the app hears a chanter (issue 4 point 5: "any listener —
 * test, tuner, games — takes input from the microphone or the keyboard through one
 * interface"). Screens read it through useSyncExternalStore (DESIGN habit 5).
 */
import type { Pitch } from '../music/notes.ts';
import type { Cents, Hz } from '../music/units.ts';
import type { MicrophoneError } from './microphone.ts';
import type { TimedReadingSource } from './noteEvents/noteEvent.ts';

export type NoteSourceStatus = 'idle' | 'starting' | 'listening' | 'error';

export interface NoteReading {
  /** The chanter note heard, or null for silence / no recognisable note. */
  readonly note: Pitch | null;
  /** Frequency heard (smoothed), or null with no note. */
  readonly hz: Hz | null;
  /** Distance from the active chanter's target for `note`: positive = sharp. */
  readonly cents: Cents | null;
  /** 0…1: how clearly periodic the input is (the keyboard reports 0.9, spec §9). */
  readonly clarity: number;
  /** The note has held still long enough to judge its tuning (the tuner's steady light). */
  readonly steady: boolean;
  readonly status: NoteSourceStatus;
  readonly error: MicrophoneError | null;
}

/**
 * `onReading` is the engines' path (issue 14 item 1): every reading, stamped on the audio
 * clock, for the note event controller; `getSnapshot` is React's, which sees only the latest.
 */
export interface NoteSource extends TimedReadingSource {
  /** Begins listening; resolves once listening (or failed: see `error`). Call in a gesture. */
  start(): Promise<void>;
  /** Stops listening and releases what start() acquired; start() may be called again. */
  stop(): void;
  getSnapshot(): NoteReading;
  subscribe(listener: () => void): () => void;
  /** stop() and forget every listener. */
  dispose(): void;
}

export const IDLE_READING: NoteReading = {
  note: null,
  hz: null,
  cents: null,
  clarity: 0,
  steady: false,
  status: 'idle',
  error: null,
};

/** A tiny listener set shared by the engines; `emit` passes its argument to every listener. */
export function createEmitter<T = void>(): {
  subscribe: (listener: (value: T) => void) => () => void;
  emit: (value: T) => void;
  clear: () => void;
} {
  const listeners = new Set<(value: T) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (value) => listeners.forEach((l) => l(value)),
    clear: () => listeners.clear(),
  };
}
