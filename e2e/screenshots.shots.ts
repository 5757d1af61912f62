/**
 * Screenshots for people to look at (not a gate): npm run screenshots
 * e2e/screenshots.e2e.ts writes PNGs into .tmp/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, newPage } from './fixtures/browser.ts';
import { animationsDone, useApp } from './fixtures/harness.ts';
import { seedBands } from './fixtures/seedBands.ts';
import { repoRoot, startServer, type StartedServer } from './fixtures/server.ts';

const outDir = join(repoRoot, '.tmp', 'screenshots');
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;

async function settle(page: Page) {
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  // Notation below the fold draws as it nears the viewport (MusicNotation's whenNear): scroll
  // through the page as a reader would, so the full-page picture shows it drawn.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    }
    scrollTo(0, 0);
  });
  await page
    .getByText('Loading music notation...')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

describe('screenshots', () => {
  const app = useApp();

  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const [name, path] of [
      ['home', '/'],
      ['flashcards', '/flashcards'],
      ['basic-notes', '/basic-notes'],
      ['gracenotes', '/gracenotes'],
      ['animated-notes', '/animated-notes'],
      ['tuner', '/tuner'],
      ['chanter-test', '/chanter-test'],
      ['chanter-sync', '/chanter-sync'],
      ['sheet-music', '/sheet-music'],
      ['omr', '/omr'],
      ['blaster', '/blaster'],
      ['auth', '/auth'],
      ['database-test', '/database-test'],
    ] as const) {
      it(`${name} at ${size}`, async () => {
        mkdirSync(outDir, { recursive: true });
        const page = await app.open(path, viewport);
        await settle(page);
        await page.screenshot({
          path: join(outDir, `${name}-${size}.png`),
          fullPage: true,
          animations: 'disabled',
        });
        await closePage(page);
      });
    }
  }

  it('open menu at desktop (Learn)', async () => {
    mkdirSync(outDir, { recursive: true });
    const page = await app.open('/', SIZES.desktop);
    await settle(page);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Learn', exact: true }).click();
    await banner.getByRole('link', { name: 'Find Bands' }).waitFor();
    await animationsDone(page);
    await page.screenshot({ path: join(outDir, 'menu-desktop.png'), animations: 'disabled' });
    await banner.getByRole('button', { name: 'Help', exact: true }).click();
    await banner.getByRole('link', { name: 'Settings', exact: true }).waitFor();
    await animationsDone(page);
    await page.screenshot({ path: join(outDir, 'menu-desktop-help.png'), animations: 'disabled' });
    await closePage(page);
  });

  it('open menu at phone (hamburger, Learn)', async () => {
    mkdirSync(outDir, { recursive: true });
    const page = await app.open('/', SIZES.phone);
    await settle(page);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: /menu/i }).click();
    await banner.getByRole('button', { name: 'Setup', exact: true }).waitFor();
    await animationsDone(page);
    await page.screenshot({ path: join(outDir, 'menu-phone.png'), animations: 'disabled' });
    await banner.getByRole('button', { name: 'Learn', exact: true }).click();
    await banner.getByRole('link', { name: 'Find Bands' }).waitFor();
    await animationsDone(page);
    await page.screenshot({ path: join(outDir, 'menu-phone-learn.png'), animations: 'disabled' });
    await closePage(page);
  });
});

// Issue 16: the band finder with a dozen bands (its own server: they are written before it starts).
describe('screenshots of the band finder', () => {
  let dataDir = '';
  let server: StartedServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'chanterlab-shots-bands-'));
    await cp(inject('e2eDataTemplate'), dataDir, { recursive: true });
    await seedBands(dataDir);
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const [name, path] of [
      ['bands', '/bands'],
      ['bands-perth', '/bands?place=2640358&radius=100'],
    ] as const) {
      it(`${name} at ${size}`, async () => {
        mkdirSync(outDir, { recursive: true });
        const page = await newPage(browser!, viewport);
        await page.goto(server!.url + path);
        await settle(page);
        await page.locator('[data-map-state="ready"]').waitFor({ timeout: 20_000 });
        await page.locator('.directory-map .leaflet-marker-icon').first().waitFor();
        await page.screenshot({
          path: join(outDir, `${name}-${size}.png`),
          fullPage: true,
          animations: 'disabled',
        });
        await closePage(page);
      });
    }
  }
});
