/**
 * Timers for the look-ahead scheduler that keep firing in a background tab. Browsers throttle
 * a hidden page's main-thread timers to once a second or less
 * (https://developer.chrome.com/blog/timer-throttling-in-chrome-88), which would starve a
 * 0.1 s look-ahead; a dedicated worker's timers are not throttled that way, so the 25 ms check
 * runs there and only the tick comes back (the approach of Tone.js's worker `Ticker`,
 * https://github.com/Tonejs/Tone.js/blob/main/Tone/core/clock/Ticker.ts). Issue 5: 'Keeps
 * time in a background tab.'
 */
import type { Timers } from './timers.ts';

/** The parts of a Worker used here; a real Worker satisfies them. */
export interface WorkerLike {
  postMessage(message: { op: 'set' | 'clear'; id: number; ms?: number }): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  terminate(): void;
}

/** The worker's whole program: run timeouts and post back the id of each that fires. */
export const WORKER_SOURCE = `const t = new Map();
onmessage = (e) => {
  const { op, id, ms } = e.data;
  if (op === 'set') t.set(id, setTimeout(() => { t.delete(id); postMessage(id); }, ms));
  else { clearTimeout(t.get(id)); t.delete(id); }
};`;

/** Scheduler timers run by a worker made with `makeWorker`. */
export function createWorkerTimers(makeWorker: () => WorkerLike): Timers {
  const worker = makeWorker();
  const callbacks = new Map<number, () => void>();
  let next = 1;
  worker.onmessage = (event) => {
    const id = event.data as number;
    const callback = callbacks.get(id);
    callbacks.delete(id);
    callback?.();
  };
  return {
    setTimeout(callback, ms) {
      const id = next++;
      callbacks.set(id, callback);
      worker.postMessage({ op: 'set', id, ms });
      return id;
    },
    clearTimeout(handle) {
      const id = handle as number;
      if (!callbacks.delete(id)) return;
      worker.postMessage({ op: 'clear', id });
    },
  };
}

/** Main-thread timers: the fallback where workers cannot be made. */
export const windowTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

let shared: Timers | null = null;

/**
 * The page's scheduler timers: one idle worker shared by every scheduler, made on first use
 * from a blob URL (the CSP allows `worker-src blob:`); main-thread timers if that fails.
 */
export function browserSchedulerTimers(): Timers {
  if (shared) return shared;
  try {
    const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    shared = createWorkerTimers(() => new Worker(url) as unknown as WorkerLike);
  } catch {
    shared = windowTimers;
  }
  return shared;
}
