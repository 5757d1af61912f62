import { describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../contracts/result.ts';
import { createFeed } from './scoreFeed.ts';

function fakeTimers() {
  let tick: (() => void) | null = null;
  return {
    setInterval: (fn: () => void) => ((tick = fn), 1),
    clearInterval: vi.fn(() => (tick = null)),
    fire: () => tick?.(),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('score feed (live updates by polling)', () => {
  it('loads at start, again on every tick, and stops', async () => {
    const timers = fakeTimers();
    let n = 0;
    const load = vi.fn(async (): Promise<Result<number>> => ({ data: ++n, error: null }));
    const feed = createFeed(load, { intervalMs: 1000, ...timers });
    const seen: unknown[] = [];
    feed.subscribe(() => seen.push(feed.getSnapshot()));
    expect(feed.getSnapshot()).toEqual({ phase: 'loading' });
    feed.start();
    await flush();
    expect(feed.getSnapshot()).toEqual({ phase: 'ready', data: 1 });
    timers.fire();
    await flush();
    expect(feed.getSnapshot()).toEqual({ phase: 'ready', data: 2 });
    feed.stop();
    expect(timers.clearInterval).toHaveBeenCalled();
    expect(seen).toHaveLength(2);
  });

  it('the same data (a 304) does not notify', async () => {
    const timers = fakeTimers();
    const same = ['rows'];
    const feed = createFeed(async () => ({ data: same, error: null }), {
      intervalMs: 1,
      ...timers,
    });
    const listener = vi.fn();
    feed.subscribe(listener);
    feed.start();
    await flush();
    timers.fire();
    await flush();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('a failure before any data is shown; a failed poll after data keeps the data', async () => {
    const timers = fakeTimers();
    const answers: Result<string>[] = [
      { data: null, error: { message: 'down' } },
      { data: 'rows', error: null },
      { data: null, error: { message: 'blip' } },
    ];
    const feed = createFeed(async () => answers.shift()!, { intervalMs: 1, ...timers });
    feed.start();
    await flush();
    expect(feed.getSnapshot()).toEqual({ phase: 'failed', message: 'down' });
    timers.fire();
    await flush();
    timers.fire();
    await flush();
    expect(feed.getSnapshot()).toEqual({ phase: 'ready', data: 'rows' });
  });

  it('a missing configuration is its own state; a throw becomes a failure', async () => {
    const unconfigured = createFeed(
      async () => ({ data: null, error: { message: 'x', code: 'missing_configuration' } }),
      { intervalMs: 1, ...fakeTimers() },
    );
    unconfigured.start();
    await flush();
    expect(unconfigured.getSnapshot()).toEqual({ phase: 'unconfigured' });
    const throwing = createFeed(
      async (): Promise<Result<number>> => {
        throw new Error('config 503');
      },
      { intervalMs: 1, ...fakeTimers() },
    );
    throwing.start();
    await flush();
    expect(throwing.getSnapshot()).toEqual({ phase: 'failed', message: 'config 503' });
  });

  it('a hidden page is not polled; becoming visible refreshes at once', async () => {
    const timers = fakeTimers();
    const listeners: Array<() => void> = [];
    const doc = {
      visibilityState: 'hidden' as DocumentVisibilityState,
      addEventListener: (_: string, l: () => void) => listeners.push(l),
      removeEventListener: vi.fn(),
    };
    const load = vi.fn(async (): Promise<Result<number>> => ({ data: 1, error: null }));
    const feed = createFeed(load, { intervalMs: 1, ...timers, document: doc as never });
    feed.start();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    timers.fire();
    expect(load).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    listeners.forEach((l) => l());
    expect(load).toHaveBeenCalledTimes(2);
    feed.stop();
    expect(doc.removeEventListener).toHaveBeenCalled();
  });
});
