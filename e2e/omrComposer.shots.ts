/**
 * Screenshots of /omr (a page read, the correction editor open), /aisheetnovel (a 2/4 march
 * signed in, a hornpipe) and
 * /import-song signed in (the licence select), at 1280 and 375 px, for people to look at:
 * `npx vitest run --project screenshots e2e/omrComposer.shots.ts` writes PNGs into
 * .tmp/screenshots/. Not a gate.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { closePage } from './fixtures/browser.ts';
import { useApp } from './fixtures/harness.ts';
import { magicLinkSignIn } from './fixtures/magicLinkSignIn.ts';
import { dropFile, renderPage } from './fixtures/omrPages.ts';
import { repoRoot } from './fixtures/server.ts';

const ADMIN_TOKEN = 'shots-omr-admin-token-0123456789abcdef';
const outDir = join(repoRoot, '.tmp', 'screenshots');
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;

describe('screenshots: /omr, /aisheetnovel, /import-song', () => {
  const app = useApp({ server: { env: { ADMIN_TOKEN } } });

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`omr read, editor open, at ${size}`, async () => {
      mkdirSync(outDir, { recursive: true });
      const source = readFileSync(join(repoRoot, 'src/music/library/bonnie-dundee.bww'));
      const drawn = await renderPage(app.browser, app.server.url, source, 200);
      const png = drawn.png;
      await drawn.close();
      const page = await app.open('/omr', viewport);
      await page.getByRole('heading', { level: 1, name: 'Music Recognition' }).waitFor();
      await dropFile(
        page,
        page.getByRole('region', { name: 'Open a page of music' }),
        'bonnie-dundee.png',
        'image/png',
        png,
      );
      await page.locator('.omr-score svg [data-note-index]').first().waitFor({ timeout: 60_000 });
      await page
        .getByRole('list', { name: 'Bars read from the page' })
        .getByRole('button', { name: /Bar 2/ })
        .click();
      const editor = page.locator('.omr-editor');
      await editor.getByRole('button', { name: /^1\. / }).click();
      await page.screenshot({
        path: join(outDir, `omr-editor-${size}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await editor.screenshot({ path: join(outDir, `omr-editor-panel-${size}.png`) });
      await closePage(page);
    });

    it(`aisheetnovel and import-song signed in at ${size}`, async () => {
      mkdirSync(outDir, { recursive: true });
      const page = await app.open(undefined, viewport);
      await magicLinkSignIn(
        page,
        app.server.url,
        ADMIN_TOKEN,
        `shots-${size}@example.com`,
        '/aisheetnovel?form=2/4%20march&seed=5&parts=2&bars=4',
      );
      await page.locator('.composer-score [data-note-index]').first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Part 1, bar 2' }).click();
      await page.getByRole('region', { name: 'Save to my library' }).waitFor();
      await page.screenshot({
        path: join(outDir, `aisheetnovel-${size}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await page.goto(app.url('/import-song'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page
        .getByLabel('Open a .bww or MusicXML file')
        .setInputFiles(join(repoRoot, 'src/music/library/bonnie-dundee.bww'));
      await page.getByRole('heading', { level: 2, name: 'Add it to the library' }).waitFor();
      await page.screenshot({
        path: join(outDir, `import-song-${size}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await closePage(page);
    });

    it(`aisheetnovel, a hornpipe (pointed semiquavers), at ${size}`, async () => {
      mkdirSync(outDir, { recursive: true });
      const page = await app.open('/aisheetnovel?form=hornpipe&seed=3&parts=2&bars=4', viewport);
      await page.locator('.composer-score [data-note-index]').first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Part 1, bar 2' }).click();
      await page.screenshot({
        path: join(outDir, `aisheetnovel-hornpipe-${size}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await closePage(page);
    });
  }
});
