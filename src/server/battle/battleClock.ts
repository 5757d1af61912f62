/**
 * The server's clock for Battle (issue 17 item 3: 'the server judges who played first by its own
 * clock'). Matches, bots and the lobby take one of these (DESIGN habit 3), so tests drive them
 * with manualBattleClock and the server with performance.now() — monotonic, so a wall-clock
 * adjustment can never reorder two answers.
 */
import type { Milliseconds } from '../../music/units.ts';

export interface BattleTimer {
  cancel(): void;
}

export interface BattleClock {
  now(): Milliseconds;
  /** Runs fn once after ms. */
  after(ms: Milliseconds, fn: () => void): BattleTimer;
}

export const systemBattleClock: BattleClock = {
  now: () => performance.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    // A pending round must not keep a stopping server alive; app.close() ends matches itself.
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};
