/**
 * The installable, offline app's fixed names (issue 18 item 1), shared by the build
 * (scripts/offlineBuild.ts writes the worker), the server (src/server/routes/spa.ts sends it
 * uncached) and the web app (src/web/lib/offline/ registers it).
 */

/** The service worker's URL; scope '/', so it must sit at the root. */
export const SERVICE_WORKER_URL = '/sw.js';

/** The web app manifest's URL (vite-plugin-pwa's default name). */
export const WEB_MANIFEST_URL = '/manifest.webmanifest';

/**
 * The runtime cache of library tune pages the piper opened (GET /api/library/tunes/:slug):
 * network first, this cache when offline. Bounded in count and age.
 */
export const LIBRARY_CACHE = 'chanterlab-library-tunes';
export const LIBRARY_CACHE_MAX_ENTRIES = 60;
export const LIBRARY_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Workbox precaches nothing over this size, with only a warning (its default is 2 MiB). Set on
 * purpose above the largest file the practice tools load (vexflow's core, ~330 KB in 2026-11)
 * with room to grow; the build fails and scripts/precacheManifest.test.ts fails if a file is
 * ever skipped (issue 18: 'Large files must not be skipped silently').
 */
export const PRECACHE_MAX_FILE_BYTES = 6 * 1024 * 1024;

/**
 * The Cache-Control of a signed-in piper's own answers the app needs offline (their session,
 * playlists, shared playlist links they opened, their own library settings): no proxy keeps
 * them (`private`), the browser asks the server every time it is online (`no-cache`), and the
 * service worker may keep the last one for airplane mode (issue 18 item 1). `no-store`, which
 * Workbox rightly refuses to keep, stays on everything written and on other people's data.
 */
export const PRIVATE_READ = 'private, no-cache';

/**
 * The worker's cache of those answers (network first, USER_CACHE_TIMEOUT_SECONDS, then this
 * cache): cleared whenever this browser is seen signed out (src/web/lib/offline/clearUserCaches.ts).
 */
export const USER_CACHE = 'chanterlab-user';
export const USER_CACHE_MAX_ENTRIES = 80;
export const USER_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** How long the worker waits for the server before answering from USER_CACHE. */
export const USER_CACHE_TIMEOUT_SECONDS = 4;

/**
 * GET URLs whose answers go to USER_CACHE: the session, the playlist list and each playlist,
 * shared playlist links, the piper's own settings. A RegExp, not a function, because
 * workbox-build writes it into sw.js as it is; Workbox matches it against the whole URL.
 */
export const USER_CACHE_URL =
  /^https?:\/\/[^/]+\/api\/(?:account\/session|playlists(?:\/[^/?#]+)?|shared-playlists\/[^/?#]+|library\/mine)(?:[?#].*)?$/;

/**
 * The site's public configuration (/api/config: which human check it uses, spec §1), kept by
 * the worker (network first) so a form offline knows whether its check can be solved later
 * in the background (ALTCHA) or needs the piper online (Turnstile, hCaptcha). Public: never
 * cleared on sign-out.
 */
/**
 * The /omr title reader's engine and model (src/contracts/ocrAssets.ts), kept once used so a
 * page read offline still gets its title; versioned paths, so nothing here goes stale.
 */
export const OCR_CACHE = 'chanterlab-ocr';
export const OCR_CACHE_URL = /^https?:\/\/[^/]+\/ocr\/[^?#]+$/;
export const OCR_CACHE_MAX_ENTRIES = 6;

export const CONFIG_CACHE = 'chanterlab-config';
export const CONFIG_URL = /^https?:\/\/[^/]+\/api\/config(?:[?#].*)?$/;
