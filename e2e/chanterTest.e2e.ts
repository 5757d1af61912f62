/**
 * Chanter Test end to end (issue 4 'Done when'): Chromium's fake microphone plays a chanter
 * scale built from the corpus's recorded bagpipe samples (resampled to chanter pitch, 10 cents
 * sharp of the standard) into the built app; Chanter Test must show the notes in the order
 * played, with no long main-thread task while listening. The keyboard chanter drives it too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { notes } from '../src/music/notes.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import type { TestPage } from './fixtures/browser.ts';
import { corpusPresent, scaleWav } from './fixtures/toneWav.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
import { longByCpu, traceMainThread } from './fixtures/mainThreadTasks.ts';

const names = notes.map((n) => n.name);
const present = corpusPresent();
const dir = mkdtempSync(join(tmpdir(), 'chanterlab-chanter-test-'));
const wav = join(dir, 'scale.wav');
if (present) {
  const sharp = notes.map((n) => n.frequency * 2 ** (10 / 1200));
  writeFileSync(wav, scaleWav(sharp, { noteSeconds: 1, gapSeconds: 0.2 }));
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The history strip's notes. A plain CSS query on purpose: role queries make Playwright
 * compute accessible names across the page, main-thread work of the test's own that would
 * show up as long tasks in the window being measured.
 */
const heard = (page: TestPage) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.note-history-strip li')].map((li) => li.textContent),
  );

/** Nine notes heard one after another in scale order (the file loops: any start note). */
function inScaleOrder(history: readonly string[]): boolean {
  if (history.length < names.length) return false;
  const run = history.slice(-names.length);
  return run.every(
    (name, i) => i === 0 || names.indexOf(name) === (names.indexOf(run[i - 1]!) + 1) % names.length,
  );
}

describe.skipIf(!present)('chanter test', () => {
  const app = useApp({ browser: { fakeMicWav: wav } });

  it('R-1.USERS-01 R-1.PRODUCT-02 issue 22.12 shows the notes of a played scale in order, without long tasks; Chanter Recommended only after notes were played', async () => {
    const page = await app.open('/chanter-test');
    await page.getByRole('heading', { name: 'Chanter Test' }).waitFor();
    // The ten staves are drawn once, before listening (LiveStaff.tsx).
    await expect.poll(() => page.locator('.live-staff [data-render-ms]').count()).toBe(10);
    // Standard chanter in use, nothing played yet: no §2.4 recommendation on arrival.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Start listening' }).click();
    await expect
      .poll(() => page.getByTestId('chanter-test-note').textContent(), { timeout: 10_000 })
      .not.toBe('—');
    // A few notes later, at a pause, it comes (issue 22 item 12).
    const recommended = page.getByRole('dialog', { name: 'Chanter Recommended' });
    await recommended.waitFor({ timeout: 20_000 });
    expect(await heard(page)).not.toEqual([]);
    await recommended.getByRole('button', { name: 'Continue With Standard' }).click();
    await recommended.waitFor({ state: 'hidden' });
    // Observed from the first note on: creating the AudioContext is measured in its own test.
    // By the main thread's CPU time, not the wall clock (a busy machine; issue 13.16).
    const trace = await traceMainThread(app.browser, page);
    await expect
      .poll(() => heard(page), { timeout: 40_000, interval: 250 })
      .toSatisfy(inScaleOrder);
    const tasks = await trace.stop();
    expect(tasks.length, 'main-thread tasks traced').toBeGreaterThan(0);
    expect(longByCpu(tasks), 'long tasks while listening').toEqual([]);
    // The reading is against the Standard chanter: about 10 cents sharp.
    const cents = Number(
      await page.getByRole('meter', { name: 'Tuning' }).getAttribute('aria-valuenow'),
    );
    if (cents !== 0) expect(Math.abs(cents - 10)).toBeLessThanOrEqual(8);

    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Stop listening' }).click();
    expectNoConsoleErrors(page);
  });

  it('issue 13.14 issue 22.12 R-8.MIC-01 R-2.4.DIALOG-12 a denied microphone shows Microphone Access Problem, and no recommendation', async () => {
    const page = await app.open();
    // What a visitor's 'Block' answer looks like to the page (this browser grants the fake
    // microphone without asking, so the refusal is stood in for).
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(app.url('/chanter-test'));
    await page.getByRole('button', { name: 'Start listening' }).click();
    await page.getByRole('link', { name: 'How to Fix' }).waitFor();
    const problem = page.getByRole('dialog', { name: 'Microphone Access Problem' });
    await problem.waitFor();
    const text = await problem.textContent();
    expect(text).toContain(
      'Microphone access was denied. Please allow access in your browser settings.',
    );
    expect(text).toContain('We will guide you through fixing this problem.');
    await problem.getByRole('button', { name: 'Close' }).click();
    await problem.waitFor({ state: 'hidden' });
    // Nothing was heard: Chanter Recommended is not due.
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Again: the dialog comes straight away.
    await page.getByRole('button', { name: 'Start listening' }).click();
    await problem.waitFor();
    expectNoConsoleErrors(page);
  });

  it('R-1.USERS-02 R-4.DIALOG-11 the keyboard chanter drives Chanter Test', async () => {
    const page = await app.open('/chanter-test');
    await page.getByLabel('Chanter', { exact: true }).selectOption('Keyboard');
    await page.getByRole('dialog', { name: 'Keyboard Chanter' }).waitFor();
    await page.getByRole('button', { name: 'Got It' }).click();
    for (const key of ['g', 'a', 'b', 'c', 'd', 'e', 'f', 'G', 'A']) {
      if (key === key.toUpperCase()) await page.keyboard.down('Shift');
      await page.keyboard.down(key);
      const name = names[['g', 'a', 'b', 'c', 'd', 'e', 'f', 'G', 'A'].indexOf(key)]!;
      await expect.poll(() => page.getByTestId('chanter-test-note').textContent()).toBe(name);
      await page.keyboard.up(key);
      if (key === key.toUpperCase()) await page.keyboard.up('Shift');
    }
    expect(
      await page.getByRole('list', { name: 'Notes heard' }).getByRole('listitem').allTextContents(),
    ).toEqual(names);
    await expect
      .poll(() => page.getByRole('img', { name: /Chanter fingering for High A/ }).count())
      .toBe(1);
    expectNoConsoleErrors(page);
  });
});
