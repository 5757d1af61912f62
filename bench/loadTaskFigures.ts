/**
 * The pure half of `npm run bench:tasks` (issue 21 item 3): a load's main-thread tasks reduced
 * to Lighthouse's long-task figures at its mobile CPU slowdown. Tested in
 * bench/loadTaskFigures.test.ts.
 */
import type { MainThreadTask } from '../e2e/fixtures/mainThreadTasks.ts';

/** Lighthouse's mobile preset simulates a CPU four times slower than the one it ran on. */
export const CPU_SLOWDOWN = 4;
/** A task longer than this blocks input (the Long Tasks API's and TBT's threshold). */
export const LONG_TASK_MS = 50;

export interface LoadTaskFigures {
  /** Tasks over 50 ms at the slowdown. */
  longTasks: number;
  /** Sum of each long task's time over 50 ms, at the slowdown. */
  blockingMs: number;
  /** The longest task at the slowdown, ms. */
  longestMs: number;
}

/** Scales each task's CPU time (not its wall time, which a busy machine inflates). */
export function loadTaskFigures(tasks: readonly MainThreadTask[]): LoadTaskFigures {
  const slowed = tasks.map((t) => t.cpuMs * CPU_SLOWDOWN);
  const long = slowed.filter((ms) => ms > LONG_TASK_MS);
  return {
    longTasks: long.length,
    blockingMs: long.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0),
    longestMs: Math.max(0, ...slowed),
  };
}
