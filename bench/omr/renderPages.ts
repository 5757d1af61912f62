/**
 * Pages of pipe music drawn by the app's own renderer (issue 20 'Measured'): each tune opened
 * on the /render-test bed of a built app in Chromium, at an A4 page's width (794 CSS px, 8.27 in
 * at 96 px per inch) and a device scale of dpi ÷ 96, and the score with its title screenshot to
 * PNG with a white margin like a printed page's.
 *
 * PNGs are cached in a directory keyed by the tune's BWW, the dpi and the renderer's sources,
 * so a rerun renders nothing (and needs no build or browser) unless the drawing code changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { launchBrowser } from '../../e2e/fixtures/browser.ts';
import { repoRoot, startServer } from '../../e2e/fixtures/server.ts';

/** A4 width in CSS px (8.27 in × 96). */
export const A4_CSS_WIDTH = 794;
const A4_CSS_HEIGHT = 1123;
/** Printed pages keep about half an inch clear at the edges. */
const MARGIN_INCHES = 0.5;

export interface PageToRender {
  /** Stable name for the cache and messages. */
  readonly key: string;
  /** One tune as BWW. */
  readonly bww: string;
}

/** What a page's drawing depends on: the notation code and its fonts and styles. */
export function rendererVersion(): string {
  const hash = createHash('sha256');
  const dirs = ['src/web/ui/notation', 'src/music/bww', 'src/music/tune'];
  for (const dir of dirs) {
    const files = readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true });
    const names = files
      .filter((f) => f.isFile() && !f.name.includes('.test.'))
      .map((f) => join(f.parentPath, f.name))
      .sort();
    for (const name of names) hash.update(name.slice(repoRoot.length)).update(readFileSync(name));
  }
  return hash.digest('hex').slice(0, 12);
}

export function cachePath(cacheDir: string, page: PageToRender, dpi: number, version: string) {
  const tune = createHash('sha256').update(page.bww).digest('hex').slice(0, 16);
  return join(cacheDir, `${version}-${tune}-${dpi}dpi.png`);
}

/**
 * Renders every page not in the cache yet; answers the PNG path of each page at each dpi.
 * `staticDir` is a built app (index.html and assets), made on demand by the caller.
 */
export async function renderPages(
  pages: readonly PageToRender[],
  dpis: readonly number[],
  cacheDir: string,
  staticDir: () => string,
): Promise<Map<string, string>> {
  mkdirSync(cacheDir, { recursive: true });
  const version = rendererVersion();
  const paths = new Map<string, string>();
  const missing: Array<{ page: PageToRender; dpi: number; path: string }> = [];
  for (const dpi of dpis) {
    for (const page of pages) {
      const path = cachePath(cacheDir, page, dpi, version);
      paths.set(`${page.key}@${dpi}`, path);
      if (!existsSync(path)) missing.push({ page, dpi, path });
    }
  }
  if (missing.length === 0) return paths;
  console.log(`rendering ${missing.length} pages into ${cacheDir} …`);
  const server = await startServer({ env: { STATIC_DIR: staticDir() } });
  const browser = await launchBrowser();
  try {
    for (const dpi of dpis) {
      const todo = missing.filter((m) => m.dpi === dpi);
      if (todo.length === 0) continue;
      const context = await browser.newContext({
        viewport: { width: A4_CSS_WIDTH, height: A4_CSS_HEIGHT },
        deviceScaleFactor: dpi / 96,
        colorScheme: 'light',
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
      });
      const tab = await context.newPage();
      await tab.goto(`${server.url}/render-test`);
      // Files chosen before React hydrates the bed would be lost (e2e/fixtures/browser.ts).
      await tab.waitForSelector('html[data-screen-ready]', { state: 'attached', timeout: 60_000 });
      const input = tab.getByLabel('Open a BWW file');
      let run = 0;
      for (const { page, path } of todo) {
        run++;
        await input.setInputFiles({
          name: `${page.key}.bww`,
          mimeType: 'text/plain',
          buffer: Buffer.from(page.bww, 'latin1'),
        });
        const figure = tab.locator(`[data-run="${run}"] .pipe-score`).first();
        await figure.locator('[data-render-ms], [role="alert"]').first().waitFor({
          timeout: 60_000,
        });
        if ((await figure.locator('[role="alert"]').count()) > 0) {
          console.log(`  ${page.key}: the renderer failed; left out`);
          continue;
        }
        // A viewport as tall as the page, so the element screenshot needs no scrolling: scrolled,
        // the app's sticky header would cover the score's top (and its title).
        const bottom = await figure.evaluate((f) => f.getBoundingClientRect().bottom + scrollY);
        await tab.setViewportSize({
          width: A4_CSS_WIDTH,
          height: Math.max(A4_CSS_HEIGHT, Math.ceil(bottom) + 40),
        });
        await tab.evaluate(() => scrollTo(0, 0));
        const shot = await figure.screenshot({ animations: 'disabled', caret: 'hide' });
        await tab.setViewportSize({ width: A4_CSS_WIDTH, height: A4_CSS_HEIGHT });
        const margin = Math.round(MARGIN_INCHES * dpi);
        const png = await sharp(shot)
          .flatten({ background: '#ffffff' })
          .extend({
            top: margin,
            bottom: margin,
            left: margin,
            right: margin,
            background: '#ffffff',
          })
          .png()
          .toBuffer();
        writeFileSync(path, png);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return paths;
}
