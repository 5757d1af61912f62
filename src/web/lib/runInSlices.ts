/**
 * Runs a long piece of main-thread work in slices (issue 21 item 3: no long tasks on load).
 * The work is a generator that yields wherever it may stop; the runner goes on until the
 * slice has taken `sliceMs`, then gives the browser the main thread (input, paint) before
 * the next slice. The result is the same as running it in one go: only where the task
 * boundaries fall changes. Lighthouse counts a task's time over 50 ms as blocking, measured
 * at 4× CPU slowdown, so a task must stay under ~12 ms here: a slice of 5 ms plus the one step
 * that overran it.
 */

/** A unit of work that yields between steps and returns its result. */
export type Steps<T> = Generator<void, T, void>;

export interface SliceOptions {
  /** Stop and yield to the browser once a slice has run this long (ms). */
  readonly sliceMs?: number;
  /** Abandons the work at the next yield: the result is then null. */
  readonly signal?: AbortSignal;
  /** Gives the main thread to the browser; resolves when the work may go on. */
  readonly yieldToMain?: () => Promise<void>;
  /** Clock for the slices (performance.now in the browser). */
  readonly now?: () => number;
}

/**
 * The default slice: a tenth of Lighthouse's 50-ms long-task line at 4× slowdown, leaving room
 * for the step that overruns it. With 10 ms, a slice and a cold VexFlow step of 5–9 ms made
 * tasks of 60–70 ms at 4× (issue 21 item 3).
 */
export const SLICE_MS = 5;

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * `scheduler.yield()` where the browser has it (Chromium 129+: the work resumes before other
 * queued tasks), else a macrotask. setTimeout is clamped to 4 ms after five nested calls
 * (HTML §8.6 timers), so a MessageChannel turn is used instead.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `steps` to the end in one go (tests, Node scripts). */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs `steps` in slices of about `sliceMs`. Resolves with the result and the time the work
 * itself kept the main thread (the yields not counted), or null when `signal` aborted it.
 */
export async function runInSlices<T>(
  steps: Steps<T>,
  options: SliceOptions = {},
): Promise<{ value: T; busyMs: number } | null> {
  const now = options.now ?? (() => performance.now());
  const pause = options.yieldToMain ?? yieldToMain;
  const sliceMs = options.sliceMs ?? SLICE_MS;
  let busyMs = 0;
  let sliceStart = now();
  for (;;) {
    if (options.signal?.aborted) {
      steps.return(undefined as T);
      return null;
    }
    const step = steps.next();
    if (step.done) return { value: step.value, busyMs: busyMs + now() - sliceStart };
    const elapsed = now() - sliceStart;
    if (elapsed >= sliceMs) {
      busyMs += elapsed;
      await pause();
      sliceStart = now();
    }
  }
}
