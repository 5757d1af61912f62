import { LIBRARY_CACHE, USER_CACHE } from '../../../contracts/offline.ts';

/**
 * Forgets what the service worker kept for a signed-in piper (issue 18 item 1): their session,
 * playlists and own settings (USER_CACHE), and the library tune pages, which list the settings
 * their viewer may see, private ones included. The next person on this device must not read
 * them offline. Called by the session store (src/web/lib/authSession.ts) whenever this browser
 * is seen signed out: sign-out here or in another tab, account deletion, a session that
 * expired. Tiny on purpose: the session store is in the first load.
 */
export async function clearUserCaches(storage: CacheStorage | undefined = globalThis.caches) {
  if (!storage) return;
  try {
    await Promise.all([storage.delete(USER_CACHE), storage.delete(LIBRARY_CACHE)]);
  } catch (error) {
    console.warn('Could not clear the offline caches of the signed-in user:', error);
  }
}
