import { describe, expect, it, vi } from 'vitest';
import { offlineStarted, startOffline, type StartEnvironment } from './startOffline.ts';

describe('issue 18.1: offline use starts after the first load', () => {
  it('issue 18.1: nothing is loaded until the page has loaded and gone idle', () => {
    let loaded: (() => void) | undefined;
    let idle: (() => void) | undefined;
    const start = vi.fn(async () => {});
    const env: StartEnvironment = {
      worker: true,
      whenLoaded: (f) => void (loaded = f),
      whenIdle: (f) => void (idle = f),
      start,
    };
    startOffline(env);
    expect(start).not.toHaveBeenCalled();
    loaded!();
    expect(start).not.toHaveBeenCalled();
    // The page frame's notices load with it, not before (LazyAppStatus).
    expect(offlineStarted.get()).toBe(false);
    idle!();
    expect(start).toHaveBeenCalledWith(true);
    expect(offlineStarted.get()).toBe(true);
  });

  it('issue 18.1: a failed start (offline first visit) is a warning, not an error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failed = Promise.reject(new Error('chunk'));
    startOffline({
      worker: false,
      whenLoaded: (f) => f(),
      whenIdle: (f) => f(),
      start: () => failed,
    });
    await failed.catch(() => {});
    await Promise.resolve();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
