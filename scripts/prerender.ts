/**
 * Build-time prerendering (issue 21.1; docs/decisions/019-first-view-prerendered.md).
 * `vite build` builds the browser app into dist/, then src/web/entry-server.tsx into
 * dist-ssr/ (Vite's SSR environment), then writes one page per public screen into
 * dist/pages/: index.html with the screen's first view inside #root and the screen chunk's
 * CSS and scripts linked in <head>, so the screen paints styled before any script runs and
 * hydrates without waiting for a second round trip. The server (src/server/routes/spa.ts)
 * sends these pages instead of the empty index.html and still writes the SEO head per request.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Plugin } from 'vite';
import { moveInlineStyles, PAGES_DIR, pageFile } from '../src/contracts/prerenderedPages.ts';

export const SSR_OUT_DIR = 'dist-ssr';
const SSR_ENTRY = 'src/web/entry-server.tsx';
const SCREENS_FILE = 'src/web/app/screens.ts';
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The source module of each screen loader in src/web/app/screens.ts, as Vite's manifest names
 * it (`src/web/features/home/HomeScreen.tsx`). Read from the source because a loader is an
 * arrow around `import()`: the module is only known to the bundler.
 */
export function screenModules(source: string, file = SCREENS_FILE): Map<string, string> {
  const dir = posix.dirname(file);
  const plannedModule = source.match(/function planned[\s\S]*?import\('([^']+)'\)/)?.[1];
  const found = new Map<string, string>();
  const body = source.slice(source.indexOf('export const screens'));
  for (const m of body.matchAll(/^ {2}(\w+):\s*([\s\S]*?)(?=^ {2}\w+:|^\};)/gm)) {
    const [, key, loader] = m as unknown as [string, string, string];
    const target =
      loader.match(/import\('([^']+)'\)/)?.[1] ??
      (/^planned\(/.test(loader) ? plannedModule : undefined);
    if (target) found.set(key, posix.normalize(posix.join(dir, target)));
  }
  return found;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The chunk of `module` and the chunks it imports statically: their scripts and CSS (CSS in
 * cascade order). The scripts are listed each before every chunk it imports (reverse
 * post-order), so that evaluateInTurn, importing them last first, evaluates one chunk per
 * import (issue 21.3). A pre-order list did not: /sheet-share's first import was a small
 * route table whose imports, listed earlier, were zod and four contract chunks — one
 * ~180 ms task at Lighthouse's 4× CPU slowdown.
 */
export function chunkAssets(manifest: Manifest, module: string): { js: string[]; css: string[] } {
  const finished: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    for (const c of chunk.css ?? []) if (!css.includes(`/${c}`)) css.push(`/${c}`);
    for (const i of chunk.imports ?? []) visit(i);
    finished.push(`/${chunk.file}`);
  };
  visit(module);
  if (!seen.has(module)) throw new Error(`prerender: ${module} is not in the client manifest`);
  return { js: finished.reverse(), css };
}

/**
 * An empty element after #root, and a link that holds the first paint until the parser has
 * reached it (HTML `<link rel=expect blocking=render>`, Chromium 124+; other browsers ignore
 * it). A paint of half the page showed a phone's tune library alone at the top of
 * /sheet-music, then moved it below the score that CSS `order` puts first (CLS 0.6–0.8 in
 * Lighthouse on a busy machine). The whole page is a few kilobytes compressed: waiting for
 * its end costs little.
 */
export const PARSED_MARKER = '<span id="prerendered-end" hidden></span>';
export const RENDER_UNTIL_PARSED = '<link rel="expect" href="#prerendered-end" blocking="render">';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g;

/**
 * The page's one script, inline (allowed by its sha256 in the CSP like the CSS): after the
 * first paint it preloads the page's modules, named in its `data-modules`, and imports the
 * entry, which hydrates (src/web/main.tsx). With the scripts linked in <head>, the browser
 * fetched them beside the HTML and could run the entry before it painted; Lighthouse then
 * counted every script in the first paint (issue 21, LCP; docs/decisions/026). A tab opened
 * in the background, which gets no frames, starts at once. The preloads are added four per
 * task: each costs the main thread 1.5–5 ms at Lighthouse's 4× slowdown, and /sheet-share's 37
 * in one task made a 57 ms task (issue 21 item 3).
 */
export const BOOT_SCRIPT =
  "const [entry, ...chunks] = document.querySelector('script[data-modules]').dataset.modules.split(' ');" +
  'const preload = (from) => {' +
  "for (const href of chunks.slice(from, from + 4)) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href; document.head.append(link); }" +
  'if (from + 4 < chunks.length) setTimeout(() => preload(from + 4), 0); };' +
  'const start = () => { preload(0); import(entry); };' +
  "if (document.visibilityState === 'hidden') start(); else requestAnimationFrame(() => setTimeout(start, 0));";

/** The boot script element for a page whose modules are `modules`, the entry first. */
export function bootScript(modules: readonly string[]): string {
  for (const m of modules)
    if (!/^\/[\w./-]+\.js$/.test(m)) throw new Error(`prerender: unexpected module path ${m}`);
  return `<script type="module" data-modules="${modules.join(' ')}">${BOOT_SCRIPT}</script>`;
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">\n?\s*/g;

/**
 * The page's CSS as one inline <style> (issue 21 LCP item): a render-blocking stylesheet
 * request made the first paint wait for a round trip beside the scripts; inline, the screen
 * paints as soon as the HTML is parsed. The server allows this element by its sha256 hash in
 * the Content-Security-Policy (src/server/http/prerenderedPages.ts), never 'unsafe-inline'.
 */
export function inlineStyle(css: readonly string[]): string {
  const text = css.join('\n');
  // `</style` would end the element early; a relative url() would resolve against the page,
  // not /assets/ where the file was.
  if (/<\/style/i.test(text)) throw new Error('prerender: CSS contains </style');
  const relative = text.match(/url\(\s*['"]?(?![a-z]+:|\/|#)[^)]*\)/i);
  if (relative)
    throw new Error(`prerender: CSS has a relative ${relative[0]}, which inlining would break`);
  return `<style>${text}</style>`;
}

/**
 * index.html with the screen's markup in #root, its CSS (the entry's and the chunk's) inline
 * in <head>, and its scripts loaded by the boot script after the first paint. Each chunk
 * stylesheet is still named by a
 * `disabled` link, which the browser does not fetch: Vite's preload helper skips a stylesheet
 * already linked in the document, so loading the screen's chunk to hydrate does not fetch and
 * apply its CSS a second time.
 */
export function pageHtml(
  template: string,
  rootHtml: string,
  assets: { js: string[]; css: string[] },
  readCss: (href: string) => string,
): string {
  if (!template.includes(ROOT_ELEMENT))
    throw new Error(`prerender: no ${ROOT_ELEMENT} in index.html`);
  const entryCss = [...template.matchAll(STYLESHEET_LINK)].map((m) => m[1]!);
  const chunkCss = assets.css.filter((href) => !entryCss.includes(href));
  const entry = [...template.matchAll(ENTRY_SCRIPT)].map((m) => m[1]!);
  if (entry.length !== 1) throw new Error('prerender: index.html has no single entry script');
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const modules = [...new Set([...entry, ...preloads, ...assets.js])];
  const links = [
    RENDER_UNTIL_PARSED,
    inlineStyle([...entryCss, ...chunkCss].map(readCss)),
    ...chunkCss.map((href) => `<link rel="stylesheet" crossorigin href="${href}" disabled>`),
  ].join('\n    ');
  return template
    .replace(STYLESHEET_LINK, '')
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `  ${bootScript(modules)}\n  </body>`)
    .replace('</head>', () => `  ${links}\n  </head>`)
    .replace(
      ROOT_ELEMENT,
      () => `<div id="root">${moveInlineStyles(rootHtml)}</div>${PARSED_MARKER}`,
    );
}

interface RenderedPage {
  path: string;
  screen: string;
  html: string;
}

/**
 * Runs the built server entry in a worker thread and ends the worker when it answers: the
 * app's modules open handles at import (the auth session's BroadcastChannel, timers) that
 * would keep `vite build` from exiting.
 */
async function renderInWorker(entryUrl: string): Promise<RenderedPage[]> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.entryUrl)
      .then(async (entry) => {
        const pages = [];
        for (const meta of entry.prerenderRoutes)
          pages.push({ path: meta.path, screen: meta.screen, html: await entry.renderRoot(meta.path) });
        parentPort.postMessage({ pages });
      })
      .catch((error) => parentPort.postMessage({ error: String(error?.stack ?? error) }));
  `;
  // React's production build, as the browser gets.
  const env = { ...process.env, NODE_ENV: 'production' };
  const worker = new Worker(code, { eval: true, workerData: { entryUrl }, env });
  try {
    const answer = await new Promise<{ pages?: RenderedPage[]; error?: string }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`prerender worker exited (${code})`)));
      },
    );
    if (answer.error !== undefined || !answer.pages) throw new Error(answer.error);
    return answer.pages;
  } finally {
    await worker.terminate();
  }
}

/** Renders every prerenderable route of the built app into dist/pages/. */
export async function prerenderPages(root: string, outDir = 'dist'): Promise<number> {
  const dist = join(root, outDir);
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const modules = screenModules(readFileSync(join(root, SCREENS_FILE), 'utf8'));
  const entryUrl = pathToFileURL(join(root, SSR_OUT_DIR, 'entry-server.js')).href;
  const pages = await renderInWorker(entryUrl);
  rmSync(join(dist, PAGES_DIR), { recursive: true, force: true });
  const readCss = (href: string) => readFileSync(join(dist, href), 'utf8');
  for (const page of pages) {
    const module = modules.get(page.screen);
    if (!module)
      throw new Error(`prerender: no loader for screen ${page.screen} in ${SCREENS_FILE}`);
    const file = join(dist, PAGES_DIR, pageFile(page.path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, pageHtml(template, page.html, chunkAssets(manifest, module), readCss));
  }
  return pages.length;
}

/**
 * Makes `vite build` an app build: the browser bundle (with a manifest), then the server
 * entry, then the pages. `vite build` alone therefore gives prerendered output for
 * `npm run build`, `npm test`'s build step and e2e/globalSetup.ts alike.
 */
export function prerenderPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'chanterlab-prerender',
    apply: 'build',
    config: () => ({
      builder: {},
      environments: {
        client: { build: { manifest: true } },
        ssr: {
          build: { ssr: SSR_ENTRY, outDir: SSR_OUT_DIR, emptyOutDir: true, copyPublicDir: false },
        },
      },
    }),
    configResolved(config) {
      root = config.root;
    },
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      if (!client || !ssr) throw new Error('prerender: Vite has no client or ssr environment');
      await builder.build(client);
      await builder.build(ssr);
      const started = Date.now();
      const count = await prerenderPages(root);
      builder.config.logger.info(
        `prerendered ${count} pages into dist/${PAGES_DIR}/ in ${Date.now() - started} ms`,
      );
    },
  };
}
