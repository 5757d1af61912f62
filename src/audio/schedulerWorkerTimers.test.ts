import { describe, expect, it, vi } from 'vitest';
import { createLookAheadScheduler } from './scheduler.ts';
import { createWorkerTimers, WORKER_SOURCE, type WorkerLike } from './schedulerWorkerTimers.ts';

/** Runs the real worker program in this process, with its global functions stubbed. */
function inProcessWorker(): WorkerLike & { posted: unknown[] } {
  const posted: unknown[] = [];
  const scope: { onmessage: ((e: { data: unknown }) => void) | null } = { onmessage: null };
  const worker: WorkerLike & { posted: unknown[] } = {
    posted,
    onmessage: null,
    postMessage(message) {
      posted.push(message);
      scope.onmessage?.({ data: message });
    },
    terminate: () => undefined,
  };
  // The worker's `postMessage` answers the page; `onmessage` is what the page calls.
  const program = new Function(
    'postMessage',
    'setTimeout',
    'clearTimeout',
    'scope',
    `let onmessage; ${WORKER_SOURCE}; scope.onmessage = onmessage;`,
  );
  program(
    (data: unknown) => worker.onmessage?.({ data }),
    (cb: () => void, ms: number) => setTimeout(cb, ms),
    (h: ReturnType<typeof setTimeout>) => clearTimeout(h),
    scope,
  );
  return worker;
}

describe('worker timers for the scheduler', () => {
  it('fires a timeout set through the worker, once, and not one that was cleared', () => {
    vi.useFakeTimers();
    try {
      const timers = createWorkerTimers(inProcessWorker);
      const fired: string[] = [];
      timers.setTimeout(() => fired.push('a'), 25);
      const b = timers.setTimeout(() => fired.push('b'), 25);
      timers.clearTimeout(b);
      vi.advanceTimersByTime(24);
      expect(fired).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(fired).toEqual(['a']);
      vi.advanceTimersByTime(100);
      expect(fired).toEqual(['a']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drives the look-ahead scheduler every 25 ms', () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const beats: number[] = [];
      const scheduler = createLookAheadScheduler({
        now: () => now,
        timers: createWorkerTimers(inProcessWorker),
        bpm: 120,
        onBeat: (t) => beats.push(t),
      });
      scheduler.start(0);
      for (let ms = 25; ms <= 1_000; ms += 25) {
        now = ms / 1000;
        vi.advanceTimersByTime(25);
      }
      expect(beats).toEqual([0, 0.5, 1]);
      scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
