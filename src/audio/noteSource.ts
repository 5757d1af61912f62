/**
 * One interface for every way the app hears a chanter (issue 4 point 5: "any listener —
 * test, tuner, games — takes input from the microphone or the keyboard through one
 * interface"). Screens read it through useSyncExternalStore (DESIGN habit 5).
 */
import type { Cents } from '../music/chanter.ts';
import type { Hz, Pitch } from '../music/notes.ts';
import type { MicrophoneError } from './microphone.ts';

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

export interface NoteSource {
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

/** A tiny listener set shared by the engines. */
export function createEmitter(): {
  subscribe: (listener: () => void) => () => void;
  emit: () => void;
  clear: () => void;
} {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: () => listeners.forEach((l) => l()),
    clear: () => listeners.clear(),
  };
}
