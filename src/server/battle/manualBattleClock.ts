/**
 * A BattleClock for tests: time moves only when the test says, and timers due by then run in
 * time order (ties in the order they were set).
 */
import type { BattleClock } from './battleClock.ts';

export interface ManualBattleClock extends BattleClock {
  /** Moves time on by ms, running every timer that falls due on the way. */
  advance(ms: number): void;
  /** Timers still pending. */
  readonly pending: number;
}

export function manualBattleClock(start = 0): ManualBattleClock {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; seq: number; fn: () => void }>();
  return {
    now: () => now,
    after(ms, fn) {
      const id = ++seq;
      timers.set(id, { at: now + Math.max(0, ms), seq: id, fn });
      return { cancel: () => timers.delete(id) };
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        let next: { id: number; at: number; seq: number; fn: () => void } | null = null;
        for (const [id, t] of timers) {
          if (
            t.at <= until &&
            (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))
          ) {
            next = { id, ...t };
          }
        }
        if (!next) break;
        timers.delete(next.id);
        now = Math.max(now, next.at);
        next.fn();
      }
      now = until;
    },
    get pending() {
      return timers.size;
    },
  };
}
