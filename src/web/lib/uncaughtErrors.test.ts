import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UncaughtErrors from './uncaughtErrors.ts';

type Module = typeof UncaughtErrors;
let m: Module;
let target: EventTarget;

const fire = (error: Error) => target.dispatchEvent(new ErrorEvent('error', { error }));
const reject = (reason: unknown) => {
  const event = new Event('unhandledrejection') as Event & { reason: unknown };
  event.reason = reason;
  target.dispatchEvent(event);
};

beforeEach(async () => {
  vi.resetModules();
  m = await import('./uncaughtErrors.ts');
  target = new EventTarget();
  m.captureUncaught(target as Window);
});

describe('uncaught errors while the page loads (spec §7 Monitoring)', () => {
  it('R-7.MONITOR-01 errors before reporting starts are kept and handed over in order, then each new one', () => {
    fire(new Error('during load'));
    reject('a rejected promise');
    const taken: string[] = [];
    m.takeUncaught((error, kind) => taken.push(`${kind}: ${String(error)}`));
    expect(taken).toEqual(['error: Error: during load', 'unhandledrejection: a rejected promise']);
    fire(new Error('later'));
    expect(taken.at(-1)).toBe('error: Error: later');
  });

  it('keeps at most 20 before reporting starts', () => {
    for (let i = 0; i < 30; i++) fire(new Error(`e${i}`));
    const taken: unknown[] = [];
    m.takeUncaught((error) => taken.push(error));
    expect(taken).toHaveLength(20);
    expect(String(taken[0])).toBe('Error: e0');
  });

  it('with Sentry (listen: false) hands over what was kept and stops listening, so nothing is sent twice', () => {
    fire(new Error('during load'));
    const taken: unknown[] = [];
    m.takeUncaught((error) => taken.push(error), { listen: false });
    fire(new Error('Sentry sees this one itself'));
    expect(taken.map(String)).toEqual(['Error: during load']);
  });
});
