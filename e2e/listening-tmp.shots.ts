import { describe, it } from 'vitest';
import { useApp } from './fixtures/harness.ts';

describe('listening shots', () => {
  const app = useApp({ browser: { fakeMicWav: '/tmp/listening-shots/scale.wav' } });
  for (const width of [1280, 390]) {
    it(`tuner ${width}`, async () => {
      const page = await app.open('/tuner', { width, height: 900 });
      await page.getByLabel('Tune against').selectOption('just');
      await page.getByRole('button', { name: 'Start listening' }).click();
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/listening-shots/tuner-${width}.png`, fullPage: true });
    }, 60_000);
  }
});
