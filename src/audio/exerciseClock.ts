/**
 * The Flash Cards exercise countdown (spec §4 'Flash cards', R-4.FLASH-02/-03/-05): started
 * with a note duration and an exercise duration, it calls `onCard` once for each new card
 * (every note duration, the first at once) and `onEnd` when the countdown ends. Times are
 * computed from the start (flashCardRules.exerciseProgress), so a late timer never shifts the
 * notes. The clock and timers are parameters (DESIGN habit 3); React reads the snapshot.
 */
import { exerciseProgress } from '../music/flashCardRules.ts';
import type { Timers } from './timers.ts';

export interface ExerciseSnapshot {
  readonly running: boolean;
  /** Seconds left, whole seconds rounded up for the display. */
  readonly remaining: number;
}

export interface ExerciseCallbacks {
  /** A new card is due; `n` counts from 1. */
  onCard(n: number): void;
  onEnd(): void;
}

export interface ExerciseClock {
  start(noteSeconds: number, exerciseSeconds: number, callbacks: ExerciseCallbacks): void;
  /** Ends early (End Exercise); onEnd is not called. */
  stop(): void;
  getSnapshot(): ExerciseSnapshot;
  subscribe(listener: () => void): () => void;
}

/** How often the countdown is checked: a tenth of the shortest note. */
export const EXERCISE_TICK_MS = 100;

export function createExerciseClock(now: () => number, timers: Timers): ExerciseClock {
  let snapshot: ExerciseSnapshot = { running: false, remaining: 0 };
  let timer: unknown = null;
  const listeners = new Set<() => void>();
  const publish = (next: ExerciseSnapshot) => {
    if (next.running === snapshot.running && next.remaining === snapshot.remaining) return;
    snapshot = next;
    listeners.forEach((l) => l());
  };

  function halt() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  return {
    start(noteSeconds, exerciseSeconds, { onCard, onEnd }) {
      halt();
      const startedAt = now();
      let cards = 0;
      const tick = () => {
        const p = exerciseProgress((now() - startedAt) / 1000, noteSeconds, exerciseSeconds);
        // One call per due card, in order, even if a throttled timer skipped some.
        while (cards < p.cards && !p.done) onCard(++cards);
        if (p.done) {
          timer = null;
          publish({ running: false, remaining: 0 });
          onEnd();
          return;
        }
        publish({ running: true, remaining: Math.ceil(p.remaining) });
        timer = timers.setTimeout(tick, EXERCISE_TICK_MS);
      };
      tick();
    },
    stop() {
      halt();
      publish({ running: false, remaining: 0 });
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
