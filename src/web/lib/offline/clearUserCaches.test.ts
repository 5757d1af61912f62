import { describe, expect, it, vi } from 'vitest';
import { clearUserCaches } from './clearUserCaches.ts';

describe('issue 18.1: signing out forgets what the worker kept for the piper', () => {
  it("issue 18.1: deletes the user's cache and the library tune cache, and never fails without Cache Storage", async () => {
    const storage = { delete: vi.fn(async () => true) } as unknown as CacheStorage;
    await clearUserCaches(storage);
    expect(storage.delete).toHaveBeenCalledWith('chanterlab-user');
    expect(storage.delete).toHaveBeenCalledWith('chanterlab-library-tunes');
    await expect(clearUserCaches(undefined)).resolves.toBeUndefined();
  });
});
