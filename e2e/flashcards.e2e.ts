/**
 * Flash Cards in Chromium (issue 5): the cards, the exercise countdown, and the listening quiz
 * driven by the keyboard chanter and by Chromium's fake microphone playing a recording-like
 * signal (a reed-like Low A, 0.7 s on and 0.8 s off, looping). Math.random is pinned so the
 * quiz deals Low G, Low A, Low G, … and the expected score is known.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { encodeWav } from '../src/audio/wav/wav.ts';
import { closePage, type TestPage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { axeViolations, fitsWidth } from './fixtures/axeViolations.ts';

const RATE = 48_000;
const PARTIALS = [1, 0.8, 0.7, 0.5, 0.45, 0.3, 0.25, 0.2];

/** Low A (480 Hz) for `on` seconds then silence for `off`: each loop is a fresh note onset. */
function pulsedLowA(on: number, off: number): Uint8Array {
  const samples = new Float32Array(Math.round((on + off) * RATE));
  const total = PARTIALS.reduce((a, b) => a + b, 0);
  const n = Math.round(on * RATE);
  for (let i = 0; i < n; i++) {
    // 5 ms ramps so the edges do not click.
    const edge = Math.min(1, i / 240, (n - i) / 240);
    let v = 0;
    PARTIALS.forEach((a, k) => (v += a * Math.sin((2 * Math.PI * 480 * (k + 1) * i) / RATE)));
    samples[i] = (v / total) * 0.8 * edge;
  }
  return encodeWav([samples], RATE);
}

const dir = mkdtempSync(join(tmpdir(), 'chanterlab-flash-'));
const wav = join(dir, 'low-a-pulses.wav');
writeFileSync(wav, pulsedLowA(0.7, 0.8));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(app: ReturnType<typeof useApp>, width = 1280): Promise<TestPage> {
  const page = await app.open(undefined, { width, height: 900 });
  // Pinned randomness: quizCards deals Low G, Low A, Low G, Low A, …
  await page.addInitScript(() => {
    Math.random = () => 0.1;
  });
  await page.goto(app.url('/flashcards'));
  await page.getByRole('heading', { level: 1, name: 'Flash Cards' }).waitFor({ timeout: 15_000 });
  return page;
}

const verdict = (page: Page) => page.getByTestId('quiz-verdict').textContent();
const quizCard = (page: Page) => page.getByTestId('quiz-card-name').textContent();

describe('flash cards', () => {
  const app = useApp({ browser: { fakeMicWav: wav } });

  it('R-2.3.FLASH-07 R-4.FLASH-09 R-2.3.FLASH-06 shows a card with its staff, steps the scale and runs an exercise', async () => {
    const page = await open(app);
    await page.getByRole('menuitem', { name: 'Mode', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Scale', exact: true }).click();
    expect(await page.getByTestId('flash-card-name').textContent()).toBe('Low G');
    expect(await page.getByText('426 Hz').count()).toBe(1);
    await page.getByRole('button', { name: 'Next note' }).click();
    expect(await page.getByTestId('flash-card-name').textContent()).toBe('Low A');
    // The staff is drawn by VexFlow as SVG.
    await page.locator('.flash-card__staff svg').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Play Note' }).click();
    await page.getByRole('button', { name: 'Start Exercise' }).click();
    expect(await page.getByTestId('flash-counter').textContent()).toMatch(
      /^Time Remaining 0:(30|29)$/,
    );
    expect(await page.getByTestId('flash-card-name').textContent()).toBe('Low G');
    await expect
      .poll(() => page.getByTestId('flash-card-name').textContent(), { timeout: 5_000 })
      .toBe('Low A');
    await page.getByRole('button', { name: 'End Exercise' }).click();
    expect(await page.getByTestId('flash-counter').textContent()).toMatch(/^Note \d of 9$/);
    expect(await axeViolations(page)).toEqual([]);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('issue 22.4 listening quiz driven by the keyboard chanter: staff-only card by default, right, wrong and a summary', async () => {
    const page = await open(app);
    await page.getByRole('button', { name: 'Keyboard chanter' }).click();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    // The card shows the staff and not the answer (issue 22 item 4).
    await page.locator('[data-testid="quiz-card"] .flash-card__staff svg').waitFor();
    expect(await page.getByTestId('quiz-card-name').count()).toBe(0);
    // Named cards make the answers below easy to read off.
    await page.getByLabel('Card shows').selectOption('name');
    for (let card = 0; card < 10; card++) {
      const shown = await quizCard(page);
      expect(shown).toBe(card % 2 === 0 ? 'Low G' : 'Low A');
      // Card 3 is answered wrongly with D; the others rightly.
      const key = card === 2 ? 'd' : shown === 'Low G' ? 'g' : 'a';
      await page.keyboard.down(key);
      await expect.poll(() => verdict(page), { timeout: 5_000 }).toMatch(/^(Right|Wrong)/);
      expect(await verdict(page)).toMatch(
        card === 2 ? /^Wrong: you played D$/ : /^Right! \d\.\d\d s$/,
      );
      await page.keyboard.up(key);
      if (card < 9) {
        await expect
          .poll(() => page.locator('.flash-quiz__progress').textContent())
          .toMatch(new RegExp(`^Card ${card + 2} of 10`));
      }
    }
    await page.getByText('9 of 10 right').waitFor({ timeout: 5_000 });
    const table = page.getByRole('table', { name: 'Accuracy per note' });
    expect(await table.getByRole('row', { name: /^Low G 4 of 5 80%/ }).count()).toBe(1);
    expect(await table.getByRole('row', { name: /^Low A 5 of 5 100%/ }).count()).toBe(1);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('listening quiz driven by the fake microphone playing Low A', async () => {
    const page = await open(app);
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    // Low G cards hear Low A (wrong), Low A cards hear it (right): 5 of 10.
    await page.getByText('5 of 10 right').waitFor({ timeout: 100_000 });
    const table = page.getByRole('table', { name: 'Accuracy per note' });
    expect(await table.getByRole('row', { name: /^Low A 5 of 5 100%/ }).count()).toBe(1);
    expect(await table.getByRole('row', { name: /^Low G 0 of 5 0% —$/ }).count()).toBe(1);
    expectNoConsoleErrors(page);
    await closePage(page);
  }, 120_000);

  it('has no axe violations and no sideways scroll at 390 px', async () => {
    const page = await open(app, 390);
    await page.locator('.flash-card__staff svg').first().waitFor({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await closePage(page);
  });
});
