import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, type WorkboxLike } from './registerServiceWorker.ts';
import { createUpdateStore } from './updateStore.ts';

function fakeWorkbox(register: () => Promise<unknown> = async () => ({})) {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const wb: WorkboxLike & { fire(type: string): void; url?: string } = {
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    register: vi.fn(register),
    messageSkipWaiting: vi.fn(),
    fire(type) {
      for (const l of listeners.get(type) ?? []) l({});
    },
  };
  return wb;
}

describe('issue 18.1: registering the service worker', () => {
  it('issue 18.1: registers /sw.js; a waiting version is announced and waits for Reload', async () => {
    const wb = fakeWorkbox();
    const store = createUpdateStore();
    const reload = vi.fn();
    let url = '';
    await registerServiceWorker({
      createWorkbox: (u) => ((url = u), wb),
      store,
      reload,
    });
    expect(url).toBe('/sw.js');
    expect(wb.register).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe(false);

    wb.fire('waiting');
    expect(store.getSnapshot()).toBe(true);
    // Waiting: the new code does not take over by itself.
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    store.apply();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    // The new worker took control: the page reloads onto it, once.
    wb.fire('controlling');
    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('issue 18.1: a browser that refuses workers keeps the app working (a warning, no throw)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const wb = fakeWorkbox(() => Promise.reject(new Error('blocked')));
    await expect(
      registerServiceWorker({ createWorkbox: () => wb, store: createUpdateStore() }),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
