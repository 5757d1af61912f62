import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { notes } from '../src/music/notes.ts';
import { useApp } from './fixtures/harness.ts';
import { scaleWav } from './fixtures/toneWav.ts';

const out = '/tmp/listening-shots';
mkdirSync(out, { recursive: true });
writeFileSync(`${out}/scale.wav`, scaleWav(notes.map((n) => n.frequency), { noteSeconds: 1.6, gapSeconds: 0.2 }));

describe('listening shots', () => {
  const app = useApp({ browser: { fakeMicWav: `${out}/scale.wav` } });
  for (const width of [1280, 390]) {
    it(`chanter test ${width}`, async () => {
      const page = await app.open('/chanter-test', { width, height: 900 });
      await page.getByRole('dialog', { name: 'Chanter Recommended' }).waitFor();
      await page.screenshot({ path: `${out}/chanter-test-dialog-${width}.png` });
      await page.getByRole('button', { name: 'Continue With Standard' }).click();
      await page.getByRole('button', { name: 'Start listening' }).click();
      await page.waitForTimeout(6000);
      await page.screenshot({ path: `${out}/chanter-test-${width}.png`, fullPage: true });
    }, 60_000);
    it(`chanter sync ${width}`, async () => {
      const page = await app.open('/chanter-sync', { width, height: 900 });
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await page.waitForTimeout(6000);
      await page.screenshot({ path: `${out}/chanter-sync-${width}.png`, fullPage: true });
      await page.getByRole('dialog', { name: 'Chanter Sync Complete' }).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'OK' }).click();
      await page.screenshot({ path: `${out}/chanter-sync-done-${width}.png`, fullPage: true });
    }, 90_000);
    it(`tuner ${width}`, async () => {
      const page = await app.open('/tuner', { width, height: 900 });
      await page.getByRole('button', { name: 'Start listening' }).click();
      await page.waitForTimeout(3000);
      await page.screenshot({ path: `${out}/tuner-${width}.png`, fullPage: true });
    }, 60_000);
  }
});
