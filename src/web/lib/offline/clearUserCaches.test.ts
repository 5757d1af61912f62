import { describe, expect, it, vi } from 'vitest';
import { clearUserCaches } from './clearUserCaches.ts';

describe('issue 18.1: signing out forgets the offline library', () => {
  it('issue 18.1: deletes the library tune cache, and never fails without Cache Storage', async () => {
    const storage = { delete: vi.fn(async () => true) } as unknown as CacheStorage;
    await clearUserCaches(storage);
    expect(storage.delete).toHaveBeenCalledWith('chanterlab-library-tunes');
    await expect(clearUserCaches(undefined)).resolves.toBeUndefined();
  });
});
