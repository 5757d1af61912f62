/**
 * Issue 21.1 (Done when): the HTML the server sends for each public screen holds the screen's
 * first view — its <h1> heading, not only the <title> — before any script runs. Fetched from
 * the app under test serving the real build (dist/, prerendered by `vite build`), so no
 * browser is needed. `npm test` builds first; run alone, this file builds when dist/ has no
 * prerendered pages.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteMeta } from '../../contracts/routes.ts';
import { prerenderedRoutes, screenHeading } from '../../contracts/testing/screenHeading.ts';
import { PAGES_DIR, pageFile } from '../../contracts/prerenderedPages.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

const staticDir = resolve(process.env.STATIC_DIR ?? 'dist');

const publicScreens = prerenderedRoutes;

/** The text of the first <h1> inside #root, tags and React's text separators removed. */
function rootHeading(html: string): string | undefined {
  const root = html.slice(html.indexOf('<div id="root">'));
  const h1 = root.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)?.[1];
  return h1
    ?.replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim();
}

let t: TestApp;

beforeAll(async () => {
  if (!existsSync(join(staticDir, PAGES_DIR, pageFile('/')))) {
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, under which React's JSX runtime is the development one and
      // the prerendered pages fail ('jsxDEV is not a function'): build as `npm run build` does.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error(`vite build failed (exit ${built.status})`);
  }
  t = await createTestApp({ STATIC_DIR: staticDir });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('issue 21.1: the first HTML holds the screen', () => {
  it.each(publicScreens.map((meta): [string, RouteMeta] => [meta.path, meta]))(
    'issue 21.1: %s is sent with its <h1> inside #root',
    async (path, meta) => {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(rootHeading(response.body)).toBe(screenHeading(meta));
      // Content, not the lazy chunk's placeholder (spec §2.1 'Loading {Screen}...').
      expect(response.body).not.toContain(`Loading <!-- -->${meta.loadingName}`);
    },
  );

  it("issue 21.1: the screen's CSS is inline in <head>, so the first view paints styled; its chunk is loaded after the paint", async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/metronome' })).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(html).toMatch(
      /<script type="module" data-modules="\/assets\/index-[^"]+\.js [^"]*\/assets\/MetronomeScreen-[^"]+\.js[^"]*">/,
    );
    expect(html).not.toMatch(/<script[^>]*\bsrc=|rel="modulepreload"/);
    // Named for Vite's preload helper, but disabled: the rules are in the inline <style>.
    const sheet = head.match(
      /<link rel="stylesheet" crossorigin href="(\/assets\/MetronomeScreen-[^"]+\.css)" disabled>/,
    );
    expect(sheet).not.toBeNull();
    const css = (await t.app.inject({ method: 'GET', url: sheet![1]! })).body.trim();
    expect(css.length).toBeGreaterThan(0);
    expect(head).toContain(css);
    // The SEO head is still written per request (docs/decisions/004-seo.md).
    expect(head).toContain('<title>Metronome | Chanterlab</title>');
  });

  it("issue 21 (LCP): every public page's CSS and boot script are inline, allowed by their sha256 in this response's CSP (a mismatch is silently dropped), never by 'unsafe-inline'", async () => {
    const problems: string[] = [];
    for (const meta of publicScreens) {
      const response = await t.app.inject({ method: 'GET', url: meta.path });
      const html = response.body;
      const head = html.slice(0, html.indexOf('</head>'));
      const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      if (styles.length !== 1) problems.push(`${meta.path}: ${styles.length} <style> elements`);
      const policy = String(response.headers['content-security-policy']);
      const styleSrc = policy.split(';').find((d) => d.startsWith('style-src ')) ?? '';
      const scriptSrc = policy.split(';').find((d) => d.startsWith('script-src ')) ?? '';
      if (`${styleSrc} ${scriptSrc}`.includes('unsafe-inline'))
        problems.push(`${meta.path}: ${policy}`);
      const boot = [
        ...html.matchAll(/<script type="module" data-modules="[^"]*">([\s\S]*?)<\/script>/g),
      ];
      if (boot.length !== 1) problems.push(`${meta.path}: ${boot.length} boot scripts`);
      for (const [, text] of boot) {
        const hash = createHash('sha256').update(text!, 'utf8').digest('base64');
        if (!scriptSrc.split(' ').includes(`'sha256-${hash}'`))
          problems.push(`${meta.path}: script-src lacks the boot script's hash (${scriptSrc})`);
      }
      for (const text of styles) {
        const hash = createHash('sha256').update(text, 'utf8').digest('base64');
        if (!styleSrc.split(' ').includes(`'sha256-${hash}'`))
          problems.push(`${meta.path}: style-src lacks the <style>'s hash (${styleSrc})`);
      }
      // Issue 21.2: no paint of half a page (a phone's /sheet-music moved its library by 0.8).
      if (!head.includes('<link rel="expect" href="#prerendered-end" blocking="render">'))
        problems.push(`${meta.path}: no render-blocking expect link`);
      if (!html.includes('<span id="prerendered-end" hidden></span>'))
        problems.push(`${meta.path}: no end marker`);
      // No stylesheet request blocks the first paint.
      const blocking = head.match(/<link rel="stylesheet"(?![^>]*\bdisabled\b)[^>]*>/g);
      if (blocking) problems.push(`${meta.path}: render-blocking ${blocking.join(' ')}`);
    }
    expect(problems).toEqual([]);
    // Other responses keep the site-wide policy: the hash is not a global exception.
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(api.headers['content-security-policy'])).toMatch(/style-src 'self'(;|$)/);
    expect(String(api.headers['content-security-policy'])).toMatch(
      /script-src 'self' 'wasm-unsafe-eval'(;|$)/,
    );
  });

  it('issue 21 (LCP): pages are sent compressed, like every other text response', async () => {
    for (const url of ['/', '/sheet-music', '/band/demo', '/playlists']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      // An unknown band's page is a 404 (issue 16 item 4), sent compressed all the same.
      expect(response.statusCode, url).toBe(url === '/band/demo' ? 404 : 200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });

  it('issue 21.1: guarded routes depend on the visitor and keep the empty root', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/playlists' })).body;
    expect(html).toContain('<div id="root"></div>');
  });

  it('issue 21.1: the page templates are not served as files', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/${PAGES_DIR}/metronome.html` });
    expect(response.statusCode).toBe(302);
    const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(302);
  });
});
