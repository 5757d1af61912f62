/**
 * A polled read (docs/decisions/008-score-integrity.md 'Live updates'): loads once, then again
 * every `intervalMs` while the page is visible, and at once when it becomes visible again. The
 * score service sends the last ETag, so an unchanged board costs the server a 304. State
 * reaches React through subscribe/getSnapshot (DESIGN habit 5); time is injected (habit 3).
 */
import type { Result } from '../../../contracts/result.ts';
import { MISSING_CONFIGURATION } from '../../lib/scoreService.ts';

export type FeedState<T> =
  | { readonly phase: 'loading' }
  | { readonly phase: 'ready'; readonly data: T }
  | { readonly phase: 'failed'; readonly message: string }
  /** Spec §8: 'Database configuration is incomplete' / 'Missing environment variables'. */
  | { readonly phase: 'unconfigured' };

export interface Feed<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): FeedState<T>;
  refresh(): Promise<void>;
  start(): void;
  stop(): void;
}

export interface FeedOptions {
  readonly intervalMs: number;
  readonly setInterval?: (fn: () => void, ms: number) => unknown;
  readonly clearInterval?: (id: unknown) => void;
  /** The page to watch for visibility; none in tests. */
  readonly document?: Pick<
    Document,
    'visibilityState' | 'addEventListener' | 'removeEventListener'
  > | null;
}

export function createFeed<T>(load: () => Promise<Result<T>>, options: FeedOptions): Feed<T> {
  const listeners = new Set<() => void>();
  const set = options.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const clear =
    options.clearInterval ??
    ((id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>));
  const doc = options.document ?? null;
  let state: FeedState<T> = { phase: 'loading' };
  let timer: unknown = null;
  let generation = 0;
  let running = false;

  const emit = (next: FeedState<T>) => {
    state = next;
    listeners.forEach((l) => l());
  };

  async function refresh() {
    const id = ++generation;
    let result: Result<T>;
    try {
      result = await load();
    } catch (error) {
      result = {
        data: null,
        error: { message: error instanceof Error ? error.message : String(error) },
      };
    }
    if (id !== generation || !running) return;
    if (!result.error) {
      // The same rows (a 304) keep the same state object: no re-render.
      if (state.phase !== 'ready' || state.data !== result.data)
        emit({ phase: 'ready', data: result.data });
    } else if (result.error.code === MISSING_CONFIGURATION) {
      emit({ phase: 'unconfigured' });
    } else if (state.phase !== 'ready') {
      // A failed poll after a good load keeps the rows on screen; the next poll tries again.
      emit({ phase: 'failed', message: result.error.message });
    }
  }

  const visible = () => !doc || doc.visibilityState === 'visible';
  const tick = () => {
    if (visible()) void refresh();
  };
  const onVisibility = () => {
    if (visible()) void refresh();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    refresh,
    start() {
      if (running) return;
      running = true;
      void refresh();
      timer = set(tick, options.intervalMs);
      doc?.addEventListener('visibilitychange', onVisibility);
    },
    stop() {
      running = false;
      generation++;
      if (timer !== null) clear(timer);
      timer = null;
      doc?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
