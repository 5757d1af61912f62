import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  isMissingChunkError,
  loadChunk,
} from './loadChunk.ts';

function fakeTimers() {
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  return {
    timers,
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (id: unknown) => {
      (id as { cleared: boolean }).cleared = true;
    },
  };
}

describe('loadChunk', () => {
  it('R-9.CONST-46 the chunk timeout is 120 seconds', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('R-2.1.LAZY-03 a chunk that has not loaded after 120 s is thrown as an error', async () => {
    const t = fakeTimers();
    const pending = loadChunk('Play Along', () => new Promise(() => {}), t);
    expect(t.timers[0]!.ms).toBe(120_000);
    t.timers[0]!.fn();
    await expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(pending).rejects.toThrow('Loading Play Along timed out after 120 seconds.');
  });

  it('resolves with the module and clears the timer', async () => {
    const t = fakeTimers();
    const mod = { default: () => null };
    await expect(loadChunk('Tuner', async () => mod, t)).resolves.toBe(mod);
    expect(t.timers[0]!.cleared).toBe(true);
  });

  it('a chunk missing after a redeploy reloads the page once', async () => {
    const t = fakeTimers();
    const reloadOnce = vi.fn().mockReturnValueOnce(true).mockReturnValue(false);
    const missing = new TypeError('Failed to fetch dynamically imported module: /assets/x-abc.js');
    let settled = false;
    void loadChunk('Tuner', () => Promise.reject(missing), { ...t, reloadOnce }).finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(reloadOnce).toHaveBeenCalledWith('Tuner');
    // While the reload happens the loading message stays up: the promise does not settle.
    expect(settled).toBe(false);
    // The second time (after the reload) the error is thrown to the error page.
    await expect(
      loadChunk('Tuner', () => Promise.reject(missing), { ...t, reloadOnce }),
    ).rejects.toBe(missing);
  });

  it('other errors are thrown without reloading', async () => {
    const reloadOnce = vi.fn(() => true);
    const boom = new Error('boom');
    await expect(
      loadChunk('Tuner', () => Promise.reject(boom), { ...fakeTimers(), reloadOnce }),
    ).rejects.toBe(boom);
    expect(reloadOnce).not.toHaveBeenCalled();
    expect(isMissingChunkError(boom)).toBe(false);
  });
});
