import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInSlices, runToEnd, yieldToMain, type Steps } from './runInSlices.ts';

/** Five steps of 4 ms each on a fake clock; returns what they did. */
function* work(clock: { t: number }, log: string[]): Steps<string> {
  for (let i = 0; i < 5; i++) {
    clock.t += 4;
    log.push(`step ${i}`);
    yield;
  }
  return 'done';
}

afterEach(() => vi.unstubAllGlobals());

describe('issue 21 item 3: long work in slices', () => {
  it('issue 21.3: runs the steps in slices of the given length, yielding between them', async () => {
    const clock = { t: 0 };
    const log: string[] = [];
    const result = await runInSlices(work(clock, log), {
      sliceMs: 10,
      now: () => clock.t,
      yieldToMain: async () => {
        log.push('yield');
      },
    });
    // 4 + 4 + 4 ms ≥ 10: yield; then 4 + 4 and the end.
    expect(log).toEqual(['step 0', 'step 1', 'step 2', 'yield', 'step 3', 'step 4']);
    expect(result).toEqual({ value: 'done', busyMs: 20 });
  });

  it('issue 21.3: an abort stops at the next yield and gives null', async () => {
    const clock = { t: 0 };
    const log: string[] = [];
    const controller = new AbortController();
    const result = await runInSlices(work(clock, log), {
      sliceMs: 0,
      now: () => clock.t,
      signal: controller.signal,
      yieldToMain: async () => controller.abort(),
    });
    expect(result).toBeNull();
    expect(log).toEqual(['step 0']);
  });

  it('issue 21.3: runToEnd runs every step at once', () => {
    const log: string[] = [];
    expect(runToEnd(work({ t: 0 }, log))).toBe('done');
    expect(log).toHaveLength(5);
  });

  it('issue 21.3: yields with scheduler.yield where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
    vi.stubGlobal('scheduler', undefined);
    // Else a macrotask (a MessageChannel turn): it resolves after pending microtasks.
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('yielded'));
    await Promise.resolve().then(() => order.push('microtask'));
    await yielded;
    expect(order).toEqual(['microtask', 'yielded']);
  });
});
