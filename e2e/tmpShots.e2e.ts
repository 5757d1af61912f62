import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { libraryTunes } from '../src/music/library/libraryTunes.ts';
import { useApp } from './fixtures/harness.ts';
import { plannedRunWav } from './fixtures/playAlongWav.ts';

const entry = libraryTunes.find((t) => t.id === 'barren-rocks-of-aden')!;
const dir = mkdtempSync(join(tmpdir(), 'pa-shots-'));
const wav = join(dir, 'p.wav');
writeFileSync(wav, plannedRunWav(entry.bww, 1, 4).wav);

describe('shots', () => {
  const app = useApp({ browser: { fakeMicWav: wav } });
  for (const width of [375]) {
    it(`shots ${width}`, async () => {
      const page = await app.open('/play-along', { width, height: 900 });
      await page.locator('.playalong-score [data-render-ms]').first().waitFor();
      await page.screenshot({ path: `/tmp/pa-idle-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: new RegExp(entry.title) }).click();
      await page.getByLabel('Loop').selectOption('bars');
      await page.getByLabel('to bar').fill('4');
      await page.getByLabel(/Start on my first note/).check();
      await page.getByRole('button', { name: 'Start' }).click();
      await page.locator('.playalong-score [data-verdict]').nth(5).waitFor({ timeout: 20000 });
      await page.screenshot({ path: `/tmp/pa-playing-${width}.png`, fullPage: true });
      await page.getByRole('heading', { name: 'How it went' }).waitFor({ timeout: 30000 });
      await page.locator('.playalong-tables summary').click();
      await page.locator('.playalong-main').screenshot({ path: `/tmp/pa-review-${width}.png` });
      await page.locator('.playalong-review').screenshot({ path: `/tmp/pa-review-only-${width}.png` });
    }, 60000);
  }
});
