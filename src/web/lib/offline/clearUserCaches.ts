import { LIBRARY_CACHE } from '../../../contracts/offline.ts';

/**
 * Forgets the library tunes the worker kept for offline use (issue 18 item 1) when the piper
 * signs out: a tune page lists the settings its viewer may see, private ones included, and the
 * next person on this device must not read them offline.
 */
export async function clearUserCaches(storage: CacheStorage | undefined = globalThis.caches) {
  if (!storage) return;
  try {
    await storage.delete(LIBRARY_CACHE);
  } catch (error) {
    console.warn('Could not clear the offline library cache:', error);
  }
}
