/**
 * Dev tool for the recogniser (issue 20 item 1): draws library tunes (src/music/library/*.bww,
 * project-owned) with the app's own renderer in Chromium and saves each score as a PNG page at
 * 150/200/300 dpi, for measuring src/music/omr/ during development. Never corpus tunes.
 *
 *   node --import tsx scripts/omr/renderLibraryPages.ts DIST_DIR OUT_DIR [tune …]
 */
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { launchBrowser } from '../../e2e/fixtures/browser.ts';
import { repoRoot } from '../../e2e/fixtures/server.ts';

const [dist = '', out = '', ...only] = process.argv.slice(2);
if (!dist || !out) throw new Error('usage: renderLibraryPages.ts DIST_DIR OUT_DIR [tune …]');
mkdirSync(out, { recursive: true });
const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};
const server = createServer((req, res) => {
  const path = join(dist, decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
  const file = existsSync(path) && statSync(path).isFile() ? path : join(dist, 'index.html');
  if ((req.url ?? '').startsWith('/api/')) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as { port: number }).port;
const libDir = join(repoRoot, 'src/music/library');
const tunes = readdirSync(libDir)
  .filter((f) => f.endsWith('.bww'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)));
const browser = await launchBrowser();
try {
  for (const dpi of [150, 200, 300]) {
    const context = await browser.newContext({
      viewport: { width: 794, height: 4000 },
      deviceScaleFactor: dpi / 96,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/render-test`);
    const input = page.getByLabel('Open a BWW file');
    await input.waitFor({ timeout: 30_000 });
    let run = 0;
    for (const name of tunes) {
      run++;
      await input.setInputFiles({
        name,
        mimeType: 'text/plain',
        buffer: readFileSync(join(libDir, name)),
      });
      await page.waitForFunction(
        (n) => document.querySelector(`[data-run="${n}"] [data-render-ms]`) !== null,
        run,
        { timeout: 60_000 },
      );
      const figure = page.locator(`[data-run="${run}"] .pipe-score`).first();
      await figure.screenshot({ path: join(out, `${name.replace('.bww', '')}-${dpi}.png`) });
      console.log(name, dpi);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
