/**
 * Serves the built web app: hashed assets cached immutable, HTML never cached, and every route
 * of the route table answered with index.html carrying that route's title, description,
 * canonical URL, share image and JSON-LD (spec §2.1 SEO; docs/decisions/004-seo.md). Unknown
 * paths redirect to '/' (spec §2.1). Also sitemap.xml and robots.txt.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { OCR_DIR } from '../../contracts/ocrAssets.ts';
import { isIndexable, matchRoute, routes, type RouteMeta } from '../../contracts/routes.ts';
import { seoHead, seoHeadHtml, type SeoHead } from '../../contracts/seo.ts';
import { PAGES_DIR } from '../../contracts/prerenderedPages.ts';
import { SERVICE_WORKER_URL, WEB_MANIFEST_URL } from '../../contracts/offline.ts';
import { prerenderedPages, withSources, type PrerenderedPage } from '../http/prerenderedPages.ts';

const SEO_MARKER = '<!--seo-head-->';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">${SEO_MARKER}</head>
<body><main><h1>Chanterlab</h1><p>The web app has not been built. Run <code>npm run build</code>.</p></main></body></html>`;

/**
 * The head of a route whose title and description come from the database (issue 16 item 4:
 * `/band/{bandId}`), with the page's status (404 for a band nobody may see). Undefined: the
 * route table's head.
 */
export type DynamicHead = (
  meta: RouteMeta,
  pathname: string,
) => Promise<{ head: SeoHead; status: number } | undefined>;

export function renderPage(
  template: string,
  pathname: string,
  siteUrl: string,
  pages: ReadonlyMap<string, PrerenderedPage> = new Map(),
  head?: SeoHead,
): { html: string; styleHashes: string[]; scriptHashes: string[] } | undefined {
  const meta = matchRoute(pathname);
  if (!meta) return undefined;
  // A public screen's prerendered page carries its first view (issue 21.1).
  const page = pages.get(meta.path);
  const html = (page?.html ?? template).replace(
    SEO_MARKER,
    seoHeadHtml(head ?? seoHead(meta, siteUrl, pathname)),
  );
  return { html, styleHashes: page?.styleHashes ?? [], scriptHashes: page?.scriptHashes ?? [] };
}

/** A page of the sitemap beyond the route table's fixed paths (a listed band's page). */
export interface SitemapExtra {
  readonly path: string;
  readonly lastmod?: string;
}

const xmlEscaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sitemapXml(siteUrl: string, extra: readonly SitemapExtra[] = []): string {
  const urls = [
    ...routes
      .filter(isIndexable)
      .map((r) => `  <url><loc>${xmlEscaped(siteUrl + r.path)}</loc></url>`),
    ...extra.map(
      (p) =>
        `  <url><loc>${xmlEscaped(siteUrl + p.path)}</loc>${p.lastmod ? `<lastmod>${xmlEscaped(p.lastmod)}</lastmod>` : ''}</url>`,
    ),
  ].join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  const disallowed = routes
    .filter((r) => r.access !== 'public')
    .map((r) => `Disallow: ${r.path.replace(/:[A-Za-z]+.*$/, '')}`);
  return [
    'User-agent: *',
    'Disallow: /api/',
    ...new Set(disallowed),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function spaRoutes(
  app: FastifyInstance,
  options: {
    staticDir: string;
    siteUrl: string;
    dynamicHead?: DynamicHead;
    /** Pages from the database the sitemap names too (listed bands' pages). */
    sitemapExtra?: () => Promise<readonly SitemapExtra[]>;
  },
) {
  const root = resolve(options.staticDir);
  const indexFile = join(root, 'index.html');
  const built = existsSync(indexFile);
  if (!built)
    app.log.warn({ root }, 'web app not built: serving a notice page (run npm run build)');
  const template = built ? readFileSync(indexFile, 'utf8') : FALLBACK_HTML;
  const pages = built ? prerenderedPages(root) : new Map<string, PrerenderedPage>();
  const serviceWorkerFile = join(root, SERVICE_WORKER_URL);
  const manifestFile = join(root, WEB_MANIFEST_URL);

  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // The .br/.gz copies scripts/precompress.mjs wrote: compressing each asset per request
      // cost CPU and ~70–100 MB of RSS after a few thousand requests (issue 13 item 15).
      preCompressed: true,
      // Page templates and the build manifest are sent only through sendPage, never as files.
      allowedPath: (pathname) =>
        pathname !== '/index.html' &&
        !pathname.startsWith(`/${PAGES_DIR}/`) &&
        !pathname.startsWith('/.vite/'),
      setHeaders(res, path) {
        res.header(
          'cache-control',
          // Hashed assets; the OCR engine's files carry their versions in their directory.
          path.includes(`${join(root, 'assets')}`) || path.includes(join(root, OCR_DIR))
            ? IMMUTABLE
            : // The service worker and the manifest name this build's files: an hour-old copy
              // would keep a new version from being announced (issue 18 item 1).
              path === serviceWorkerFile || path === manifestFile
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(options.siteUrl, (await options.sitemapExtra?.()) ?? [])),
  );
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(options.siteUrl)),
  );

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = new URL(request.url, 'http://x').pathname;
    if (pathname.startsWith('/api/')) {
      return reply.code(404).send({ error: { message: 'Not found', code: 'not_found' } });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: { message: 'Not found', code: 'not_found' } });
    }
    const meta = matchRoute(pathname);
    if (meta === undefined) return reply.redirect('/', 302);
    const dynamic = await options.dynamicHead?.(meta, pathname);
    const page = renderPage(template, pathname, options.siteUrl, pages, dynamic?.head);
    if (page === undefined) return reply.redirect('/', 302);
    // The page's inline CSS and boot script are allowed by their hashes, on this response
    // only (issue 21, ADR 026).
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && page.styleHashes.length + page.scriptHashes.length > 0) {
      const styled = withSources(policy, 'style-src', page.styleHashes);
      reply.header('content-security-policy', withSources(styled, 'script-src', page.scriptHashes));
    }
    return reply
      .code(dynamic?.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page.html);
  };
  // Each route of the table is a route here, not only the not-found handler: @fastify/compress
  // hooks routes (onRoute) and never saw the not-found handler, so every page went out
  // uncompressed (a 35 KB /sheet-music instead of ~9 KB with brotli; issue 21, LCP).
  for (const meta of routes) app.get(meta.path, sendPage);
  app.setNotFoundHandler(sendPage);
}
