import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RuntimeCaching } from 'workbox-build';
import { APP_MANIFEST, routeEntries, SHELL_ROUTE, workboxOptions } from './offlineBuild.ts';

const ORIGIN = 'https://pipes.example.org';
// The worker's urlPattern functions read self.location (they run in the worker).
(globalThis as unknown as { self: unknown }).self = { location: { origin: ORIGIN } };

const dist = mkdtempSync(join(tmpdir(), 'chanterlab-offline-build-'));
writeFileSync(join(dist, 'index.html'), '<div id="root"></div>');
mkdirSync(join(dist, 'pages'));
writeFileSync(join(dist, 'pages', 'tuner.html'), '<h1>Tuner</h1>');
writeFileSync(join(dist, 'pages', 'index.html'), '<h1>Home</h1>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const options = workboxOptions(dist);
const [navigation, library] = options.runtimeCaching as [RuntimeCaching, RuntimeCaching];
const matches = (rule: RuntimeCaching, path: string, mode = 'cors', method = 'GET') =>
  (rule.urlPattern as (o: unknown) => boolean)({
    request: { mode, method },
    url: new URL(path, ORIGIN),
  });

describe('issue 18.1: the service worker build', () => {
  it('issue 18.1: installable manifest: name, icons 192 and 512 (and maskable), standalone, colours', () => {
    expect(APP_MANIFEST).toMatchObject({
      short_name: 'Chanterlab',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#14325c',
      background_color: '#f6f4ef',
    });
    const sizes = APP_MANIFEST.icons!.map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
  });

  it("issue 18.1: each prerendered route is precached by its URL, revised by its page's content", () => {
    const entries = routeEntries(dist);
    expect(entries.map((e) => e.url).sort()).toEqual(['/', SHELL_ROUTE, '/tuner'].sort());
    const before = entries.find((e) => e.url === '/tuner')!.revision;
    writeFileSync(join(dist, 'pages', 'tuner.html'), '<h1>Tuner</h1><p>changed</p>');
    expect(routeEntries(dist).find((e) => e.url === '/tuner')!.revision).not.toBe(before);
    expect(routeEntries(dist).find((e) => e.url === '/')!.revision).toBe(
      entries.find((e) => e.url === '/')!.revision,
    );
  });

  it('issue 18.1: no code swaps by itself; large files are not skipped at the 2 MiB default', () => {
    expect(options.skipWaiting).toBe(false);
    expect(options.clientsClaim).toBe(false);
    expect(options.maximumFileSizeToCacheInBytes).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('issue 18.1: navigations fall back to the shell offline; /api navigations are never handled', () => {
    expect(matches(navigation, '/band/7', 'navigate')).toBe(true);
    expect(matches(navigation, '/api/auth/magic-link/verify?token=x', 'navigate')).toBe(false);
    expect(navigation.handler).toBe('NetworkOnly');
    expect(navigation.options?.precacheFallback?.fallbackURL).toBe(SHELL_ROUTE);
  });

  it('issue 18.1: only library tune pages are cached at run time, bounded, never no-store or private', async () => {
    expect(matches(library, '/api/library/tunes/atholl-highlanders')).toBe(true);
    for (const path of [
      '/api/library/tunes?q=atholl',
      '/api/library/mine',
      '/api/playlists/1',
      '/api/auth/get-session',
    ])
      expect(matches(library, path), path).toBe(false);
    expect(matches(library, '/api/library/tunes/x', 'cors', 'POST')).toBe(false);
    expect(library.handler).toBe('NetworkFirst');
    expect(library.options?.expiration?.maxEntries).toBeGreaterThan(0);
    expect(library.options?.expiration?.maxAgeSeconds).toBeGreaterThan(0);
    const [plugin] = library.options!.plugins!;
    const answer = (cacheControl?: string) =>
      plugin!.cacheWillUpdate!({
        response: new Response('{}', {
          headers: cacheControl ? { 'cache-control': cacheControl } : {},
        }),
      } as never);
    expect(await answer('no-store')).toBeNull();
    expect(await answer('private, max-age=60')).toBeNull();
    expect(await answer()).not.toBeNull();
  });
});
