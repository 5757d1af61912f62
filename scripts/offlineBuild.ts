/**
 * The installable, offline app (issue 18 item 1): the web app manifest through vite-plugin-pwa
 * and a Workbox service worker generated **after** the prerender (scripts/prerender.ts), so
 * its precache manifest holds the prerendered page of every public route with a revision that
 * changes when the page changes.
 *
 * Why not the plugin's own timing: vite-plugin-pwa writes the worker when the client bundle
 * closes, before Vite builds the SSR entry and before the prerender writes dist/pages/. The
 * plugin's build hook is kept for the manifest and its <link>, without its closeBundle; this
 * file's `buildApp` hook (order 'post', after prerenderPlugin's) runs workbox-build's
 * generateSW over the finished dist/ and writes what it precached and what it warned about to
 * dist/.vite/precache.json (read by scripts/precacheManifest.test.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { generateSW, type GenerateSWOptions, type ManifestEntry } from 'workbox-build';
import { paths, routes, type RouteMeta } from '../src/contracts/routes.ts';
import { seoHead, seoHeadHtml } from '../src/contracts/seo.ts';
import { PAGES_DIR, pageFile } from '../src/contracts/prerenderedPages.ts';
import {
  CONFIG_CACHE,
  CONFIG_URL,
  LIBRARY_CACHE,
  LIBRARY_CACHE_MAX_AGE_SECONDS,
  LIBRARY_CACHE_MAX_ENTRIES,
  OCR_CACHE,
  OCR_CACHE_MAX_ENTRIES,
  OCR_CACHE_URL,
  PRECACHE_MAX_FILE_BYTES,
  SERVICE_WORKER_URL,
  USER_CACHE,
  USER_CACHE_MAX_AGE_SECONDS,
  USER_CACHE_MAX_ENTRIES,
  USER_CACHE_TIMEOUT_SECONDS,
  USER_CACHE_URL,
  WEB_MANIFEST_URL,
} from '../src/contracts/offline.ts';

/** Colours from src/web/app/app.css: --c-primary (the header) and --c-bg (the page). */
const THEME_COLOUR = '#14325c';
const BACKGROUND_COLOUR = '#f6f4ef';

export const APP_MANIFEST: Partial<ManifestOptions> = {
  name: 'Chanterlab — practice chanter tools',
  short_name: 'Chanterlab',
  description:
    'Practice tools for Highland bagpipe learners: tuner, metronome, flash cards, grace notes, sheet music and games that listen to your practice chanter.',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  lang: 'en',
  dir: 'ltr',
  theme_color: THEME_COLOUR,
  background_color: BACKGROUND_COLOUR,
  categories: ['music', 'education'],
  // public/icons/, written by scripts/generate-app-icons.mjs from public/favicon.svg.
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
  shortcuts: [
    { name: 'Tuner', url: paths.tuner },
    { name: 'Metronome', url: paths.metronome },
    { name: 'Sheet Music', url: paths.sheetMusic },
    { name: 'Flash Cards', url: paths.flashcards },
  ],
};

/**
 * The page the worker answers an offline navigation with when the route has no prerendered
 * page (guarded and developer routes, /band/:bandId): the server's plain template with an empty
 * #root, which the app renders from scratch for whatever path the browser is at. A guarded
 * route is never prerendered (src/web/entry-server.tsx), so its answer is that template.
 */
export const SHELL_ROUTE = paths.playlists;

/** Any site URL: the head's links only need to be the same from build to build. */
const REVISION_SITE = 'https://chanterlab.invalid';

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/**
 * A precache entry for each route the server answers with a prerendered page, and one for the
 * shell: the URL the browser navigates to, revised by a hash of what the server sends (the
 * page file and the SEO head it writes into it, src/server/routes/spa.ts). Alias routes
 * (/chantersync) have their own page and entry.
 */
export function routeEntries(dist: string): ManifestEntry[] {
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries: ManifestEntry[] = [];
  const revision = (meta: RouteMeta, html: string) =>
    md5(html + seoHeadHtml(seoHead(meta, REVISION_SITE, meta.path)));
  for (const meta of routes) {
    if (meta.path.includes(':')) continue;
    const file = join(dist, PAGES_DIR, pageFile(meta.path));
    if (existsSync(file)) {
      entries.push({ url: meta.path, revision: revision(meta, readFileSync(file, 'utf8')) });
    } else if (meta.path === SHELL_ROUTE) {
      entries.push({ url: meta.path, revision: revision(meta, template) });
    }
  }
  if (!entries.some((e) => e.url === SHELL_ROUTE))
    throw new Error(`offline: the shell route ${SHELL_ROUTE} is not a route`);
  if (existsSync(join(dist, PAGES_DIR, pageFile(SHELL_ROUTE))))
    throw new Error(`offline: the shell route ${SHELL_ROUTE} is prerendered; pick a guarded one`);
  return entries;
}

/** Files of dist/ the worker precaches: everything the browser may load, except these. */
export const PRECACHE_GLOBS = ['**/*'];
export const PRECACHE_IGNORES = [
  // Share images are for other sites' link previews, never loaded by the app (2.3 MB).
  'og/**',
  // Page templates: the worker precaches the route URLs instead (routeEntries).
  `${PAGES_DIR}/**`,
  'index.html',
  '.vite/**',
  // scripts/precompress.mjs's copies, if a build left them.
  '**/*.br',
  '**/*.gz',
  'sw.js',
  // The title reader's engine (3–4 MB a file, only /omr uses it): kept once used, below.
  'ocr/**',
];

/** The workbox-build options for dist/. */
export function workboxOptions(dist: string): GenerateSWOptions {
  return {
    swDest: join(dist, SERVICE_WORKER_URL.slice(1)),
    globDirectory: dist,
    globPatterns: PRECACHE_GLOBS,
    globIgnores: PRECACHE_IGNORES,
    maximumFileSizeToCacheInBytes: PRECACHE_MAX_FILE_BYTES,
    // Hashed file names need no revision.
    dontCacheBustURLsMatching: /^assets\//,
    additionalManifestEntries: routeEntries(dist),
    // The server answers a route by its path alone (a tune in ?tune= is read by the app), so
    // the precached page answers every query: /sheet-music?tune=… offline too.
    ignoreURLParametersMatching: [/.*/],
    // Issue 18 item 1: no code is swapped under a running exercise. A new worker waits until
    // the piper presses Reload (src/web/lib/offline/registerServiceWorker.ts).
    skipWaiting: false,
    clientsClaim: false,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: 'production',
    runtimeCaching: [
      {
        // A route without a prerendered page: the network, or offline the shell. /api
        // navigations (the magic link) are left to the browser: never an app page, never cached.
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: SHELL_ROUTE } },
      },
      {
        // Library tunes the piper opened, for airplane mode; the network first, so a change
        // shows when online. Never a private answer (no-store, private), never auth.
        urlPattern: ({ request, url }) =>
          request.method === 'GET' &&
          url.origin === self.location.origin &&
          /^\/api\/library\/tunes\/[^/]+$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: LIBRARY_CACHE,
          networkTimeoutSeconds: 8,
          expiration: {
            maxEntries: LIBRARY_CACHE_MAX_ENTRIES,
            maxAgeSeconds: LIBRARY_CACHE_MAX_AGE_SECONDS,
          },
          cacheableResponse: { statuses: [200] },
          plugins: [
            {
              cacheWillUpdate: async ({ response }) =>
                /no-store|private/i.test(response.headers.get('cache-control') ?? '')
                  ? null
                  : response,
            },
          ],
        },
      },
      {
        // The title reader's engine, fetched only when a page is read on /omr (issue 20).
        urlPattern: OCR_CACHE_URL,
        method: 'GET',
        handler: 'CacheFirst',
        options: {
          cacheName: OCR_CACHE,
          expiration: { maxEntries: OCR_CACHE_MAX_ENTRIES },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Issue 18 item 1: which human check the site uses, for forms written offline.
        urlPattern: CONFIG_URL,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: CONFIG_CACHE,
          networkTimeoutSeconds: USER_CACHE_TIMEOUT_SECONDS,
          expiration: { maxEntries: 1 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Issue 18 item 1: the signed-in piper's session, playlists, shared playlist links and
        // own settings, so the playlists opened recently open in airplane mode. The server
        // sends them `private, no-cache` (PRIVATE_READ): the network first, this cache only
        // when it does not answer in time. Cleared whenever the browser is seen signed out
        // (src/web/lib/offline/clearUserCaches.ts); a `no-store` answer is never kept.
        urlPattern: USER_CACHE_URL,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: USER_CACHE,
          networkTimeoutSeconds: USER_CACHE_TIMEOUT_SECONDS,
          expiration: {
            maxEntries: USER_CACHE_MAX_ENTRIES,
            maxAgeSeconds: USER_CACHE_MAX_AGE_SECONDS,
          },
          cacheableResponse: { statuses: [200] },
          plugins: [
            {
              cacheWillUpdate: async ({ response }) =>
                /no-store/i.test(response.headers.get('cache-control') ?? '') ? null : response,
            },
          ],
        },
      },
    ],
  };
}

export interface PrecacheReport {
  readonly count: number;
  readonly size: number;
  readonly warnings: readonly string[];
}

export const PRECACHE_REPORT = '.vite/precache.json';

/** Writes dist/sw.js; fails the build when Workbox skipped a file for its size. */
export async function buildServiceWorker(dist: string): Promise<PrecacheReport> {
  const { count, size, warnings } = await generateSW(workboxOptions(dist));
  const report: PrecacheReport = { count, size, warnings };
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, PRECACHE_REPORT), `${JSON.stringify(report, null, 2)}\n`);
  const skipped = warnings.filter((w) => /maximumFileSizeToCacheInBytes/.test(w));
  if (skipped.length > 0)
    throw new Error(
      `offline: Workbox skipped files over ${PRECACHE_MAX_FILE_BYTES} bytes; the app would not work offline:\n${skipped.join('\n')}`,
    );
  return report;
}

/**
 * vite-plugin-pwa for the manifest (dist/manifest.webmanifest and its <link> in index.html, so
 * in every prerendered page), registering nothing itself; and the worker after the prerender.
 */
export function offlinePlugins(): Plugin[] {
  const pwa = VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: WEB_MANIFEST_URL.slice(1),
    manifest: APP_MANIFEST,
    includeManifestIcons: false,
  }).map((plugin) =>
    plugin.name === 'vite-plugin-pwa:build' ? { ...plugin, closeBundle: undefined } : plugin,
  );
  let dist = 'dist';
  const worker: Plugin = {
    name: 'chanterlab-offline-worker',
    apply: 'build',
    configResolved(config) {
      dist = join(config.root, config.build.outDir);
    },
    buildApp: {
      order: 'post',
      async handler(builder) {
        const started = Date.now();
        const report = await buildServiceWorker(dist);
        builder.config.logger.info(
          `service worker: ${report.count} files precached (${(report.size / 1024).toFixed(0)} KiB) in ${Date.now() - started} ms`,
        );
        for (const warning of report.warnings) builder.config.logger.warn(`workbox: ${warning}`);
      },
    },
  };
  return [...pwa, worker];
}
