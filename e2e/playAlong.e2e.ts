/**
 * Play Along end to end (issue 14 'Done when'): the fake microphone plays a performance of a
 * library tune with three known mistakes — a wrong note, a missing grace note of a doubling, a
 * late note — built at test time with the app's chanter voice, and the review must mark exactly
 * those, with no long main-thread task while listening; and a keyboard-chanter run in wait mode
 * completes a short tune.
 *
 * Alignment: 'Start on my first note' anchors the follower on the first note heard, and the
 * fake capture starts the file when the microphone opens (LEAD_SECONDS of silence first).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { libraryTunes } from '../src/music/library/libraryTunes.ts';
import type { TestPage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { longByCpu, traceMainThread } from './fixtures/mainThreadTasks.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
import { plannedRunWav } from './fixtures/playAlongWav.ts';

const TUNE_ID = 'barren-rocks-of-aden';
const BARS = 4;
const entry = libraryTunes.find((t) => t.id === TUNE_ID)!;
const dir = mkdtempSync(join(tmpdir(), 'chanterlab-playalong-'));
const wav = join(dir, 'performance.wav');
const run = plannedRunWav(entry.bww, 1, BARS);
writeFileSync(wav, run.wav);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The review's mistakes, read with a plain query (role queries would load the main thread). */
const mistakes = (page: TestPage) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.playalong-mistakes li')].map((li) => li.textContent ?? ''),
  );

const KEY: Record<string, string> = {
  LG: 'g',
  LA: 'a',
  B: 'b',
  C: 'c',
  D: 'd',
  E: 'e',
  F: 'f',
  HG: 'Shift+G',
  HA: 'Shift+A',
};

describe('play along', () => {
  const app = useApp({ browser: { fakeMicWav: wav } });

  it('issue 14.4: the fake microphone plays a library tune with a wrong note, a missing doubling grace and a late note; the review marks exactly those, with no long task while listening', async () => {
    const page = await app.open('/play-along');
    await page.getByRole('heading', { name: 'Play Along', level: 1 }).waitFor();
    await page.getByRole('button', { name: new RegExp(entry.title) }).click();
    await page.getByLabel('Loop').selectOption('bars');
    await page.getByLabel('From bar').fill('1');
    await page.getByLabel('to bar').fill(String(BARS));
    await page.getByLabel(/Start on my first note/).check();
    await page.locator('.playalong-score [data-render-ms]').first().waitFor();
    const trace = await traceMainThread(app.browser, page);
    await page.getByRole('button', { name: 'Start' }).click();
    await page
      .getByRole('heading', { name: 'How it went' })
      .waitFor({ timeout: (run.seconds + 15) * 1000 });
    const tasks = await trace.stop();
    expect(longByCpu(tasks), 'long tasks while listening').toEqual([]);
    const { wrong, late, doubling } = run.mistakes;
    // In bar order, as the review lists them.
    const expected = [
      { bar: wrong.bar, text: `^Bar ${wrong.bar}, ${wrong.pitch}: wrong note` },
      { bar: late.bar, text: `^Bar ${late.bar}, ${late.pitch}: late by \\d+ ms` },
      {
        bar: doubling.bar,
        text: `^Bar ${doubling.bar}, doubling on ${doubling.pitch}: grace notes missing`,
      },
    ].sort((a, b) => a.bar - b.bar);
    expect(await mistakes(page)).toEqual(
      expected.map((m) => expect.stringMatching(new RegExp(m.text))),
    );
    // On the score: exactly one wrong (✗) note; the run is in the history.
    expect(await page.locator('.playalong-score [data-verdict="bad"]').count()).toBe(1);
    const history = await page.evaluate(() => localStorage.getItem('playalong_history'));
    expect(JSON.parse(history ?? '[]')).toHaveLength(1);
    // Nothing written makes a current settings store look like schema v1 (spec §4 notice).
    expect(await page.evaluate(() => localStorage.getItem('playalong_preferences'))).toBeNull();
    // The review is axe clean (the idle screen is covered by e2e/axe.e2e.ts's route list).
    expect(await axeViolations(page)).toEqual([]);
    // One click on a weak bar sets the loop to it.
    await page
      .getByRole('button', { name: /^Loop bar \d+$/ })
      .first()
      .click();
    expect(await page.getByLabel('Loop').inputValue()).toBe('bars');
    expectNoConsoleErrors(page);
  }, 90_000);

  it('issue 14.4: a keyboard-chanter run in wait mode completes a short tune', async () => {
    const page = await app.open('/play-along');
    await page.getByRole('heading', { name: 'Play Along', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Keyboard chanter' }).click();
    await page.getByLabel('Open a .bww file').setInputFiles({
      name: 'short.bww',
      mimeType: 'text/plain',
      buffer: Buffer.from(
        'Bagpipe Reader:1.0\nMIDINoteMappings,(54,56,58,59,61,63,64,66,68)\n& sharpf sharpc 4_4 LA_4 B_4 C_4 D_4 ! E_4 F_4 HG_4 HA_4 !I\n',
      ),
    });
    await page
      .getByText('File: ')
      .or(page.locator('.playalong-score [data-render-ms]'))
      .first()
      .waitFor();
    await page.getByLabel(/Wait mode/).check();
    await page.getByRole('button', { name: 'Start' }).click();
    const score = page.locator('.playalong-score');
    for (const [i, pitch] of ['LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA'].entries()) {
      // The cursor waits on each note until it is played (state, not time, paces the test).
      await expect.poll(() => score.getAttribute('data-cursor')).toBe(String(i));
      await page.keyboard.press(KEY[pitch]!);
    }
    await page.getByRole('heading', { name: 'How it went' }).waitFor();
    expect(await page.getByText('No mistakes heard. Well played!').count()).toBe(1);
    expect(await page.locator('.playalong-score [data-verdict="good"]').count()).toBe(8);
    expectNoConsoleErrors(page);
  }, 60_000);
});
