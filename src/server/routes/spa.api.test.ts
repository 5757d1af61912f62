import { seoOf } from '../../contracts/routeSeo.ts';
import { OCR_DIR } from '../../contracts/ocrAssets.ts';
import { mkdtempSync, mkdirSync, copyFileSync, writeFileSync, rmSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTitle, isIndexable, routes } from '../../contracts/routes.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

// The server answers every route with index.html carrying that route's head (spec §2.1 SEO),
// so crawlers that do not run JavaScript still see titles and structured data.
let t: TestApp;
let staticDir: string;
const SITE = 'https://pipes.example.org';
const PRECOMPRESSED_SOURCE = 'console.log("precompressed drones");\n'.repeat(200);
const PRECOMPRESSED_BR = brotliCompressSync(Buffer.from(PRECOMPRESSED_SOURCE));
const OCR_MODEL_GZ = gzipSync(Buffer.from('a language model, not a real one'));

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'chanterlab-static-'));
  copyFileSync('index.html', join(staticDir, 'index.html'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(
    join(staticDir, 'assets', 'main-AbC123.js'),
    'console.log("chanter");\n'.repeat(200),
  );
  writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Chanterlab"}\n');
  // As scripts/precompress.mjs leaves them beside a built asset (issue 13 item 15).
  writeFileSync(join(staticDir, 'assets', 'pre-XyZ789.js'), PRECOMPRESSED_SOURCE);
  writeFileSync(join(staticDir, 'assets', 'pre-XyZ789.js.br'), PRECOMPRESSED_BR);
  // The title reader's language model: a file that is itself gzip (src/contracts/ocrAssets.ts).
  mkdirSync(join(staticDir, OCR_DIR), { recursive: true });
  writeFileSync(join(staticDir, OCR_DIR, 'eng.traineddata.gz'), OCR_MODEL_GZ);
  t = await createTestApp({ STATIC_DIR: staticDir, PUBLIC_SITE_URL: SITE });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function concrete(path: string) {
  return path.replace(':bandId', 'demo-band');
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json" data-seo>(.*?)<\/script>/s.exec(html);
  expect(match, 'JSON-LD script present').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('SEO in the HTML the server sends', () => {
  // A band page's head comes from the database, and an unknown band is a 404 (issue 16 item 4):
  // src/server/routes/bandPage.api.test.ts.
  it.each(routes.filter((r) => r.screen !== 'band').map((r) => [r.path, r] as const))(
    'R-2.1.SEO-01 R-2.1.SEO-02 %s carries its own title, description, keywords, share image and JSON-LD',
    async (_path, meta) => {
      const res = await t.app.inject({ method: 'GET', url: concrete(meta.path) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = res.body;
      expect(html).toContain(`<title>${documentTitle(meta).replace(/&/g, '&amp;')}</title>`);
      expect(html).toContain(`<meta name="description" content="${seoOf(meta).description}"`);
      expect(html).toMatch(/<meta name="keywords" content="[^"]+"/);
      expect(html).toContain(`<meta property="og:image" content="${SITE}/og/${meta.screen}.png"`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
      const ld = jsonLd(html);
      expect(ld['@context']).toBe('https://schema.org');
      expect(ld.name).toBe(documentTitle(meta));
      expect(ld.description).toBe(seoOf(meta).description);
    },
  );

  it('R-2.1.ROUTES-08 /chantersync is canonically /chanter-sync', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/chantersync' });
    expect(res.body).toContain(`<link rel="canonical" href="${SITE}/chanter-sync"`);
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow"');
  });

  it('developer pages are noindex, public pages are indexable', async () => {
    const dev = await t.app.inject({ method: 'GET', url: '/database-test' });
    expect(dev.body).toContain('<meta name="robots" content="noindex, nofollow"');
    const pub = await t.app.inject({ method: 'GET', url: '/tuner' });
    expect(pub.body).toContain('<meta name="robots" content="index, follow"');
  });

  it('R-2.1.ROUTES-49 an unknown path redirects to /', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('unknown API paths answer JSON 404, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { message: 'Not found', code: 'not_found' } });
  });

  it('sitemap.xml lists every indexable route and no developer page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    for (const meta of routes) {
      const loc = `<loc>${SITE}${meta.path}</loc>`;
      if (isIndexable(meta)) expect(res.body).toContain(loc);
      else expect(res.body).not.toContain(loc);
    }
  });

  it('robots.txt points to the sitemap and disallows developer pages and the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /database-test');
    expect(res.body).not.toContain('Disallow: /tuner\n');
  });
});

describe('static assets and headers', () => {
  it('hashed assets are cached immutable and compressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/main-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('issue 13.15: an asset with a .br copy is sent from it, not compressed per request', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/pre-XyZ789.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PRECOMPRESSED_SOURCE);
    // Byte for byte the file on disk (compressing on the fly would give other bytes).
    expect(res.rawPayload.equals(PRECOMPRESSED_BR)).toBe(true);
  });

  it("issue 20.1: the OCR engine's versioned files are immutable, and its gzip model is sent byte for byte", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${OCR_DIR}/eng.traineddata.gz`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Not compressed again, nor announced as an encoding: tesseract.js gunzips it itself.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(OCR_MODEL_GZ)).toBe(true);
  });

  it('other static files get a short cache; index.html is never served raw', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const raw = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('<!--seo-head-->');
  });

  it('issue 18.1: the service worker and the web app manifest are revalidated on every load', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['content-type']).toMatch(/javascript/);
    // The page may register a worker of its own origin only (issue 18.1).
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toMatch(/worker-src 'self'/);
    expect(page.headers['content-security-policy']).toMatch(/manifest-src 'self'/);
  });

  it('sends a Content-Security-Policy that allows only our own origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
