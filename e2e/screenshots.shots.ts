/**
 * Screenshots for people to look at (not a gate): npm run screenshots
 * e2e/screenshots.e2e.ts writes PNGs into .tmp/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closePage } from './fixtures/browser.ts';
import { animationsDone, useApp } from './fixtures/harness.ts';
import { repoRoot } from './fixtures/server.ts';

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
