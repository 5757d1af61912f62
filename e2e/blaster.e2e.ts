/**
 * Blaster in Chromium (issue 7 parts 4–5): a fresh server shows the leader board's empty
 * messages; a piper plays Blaster with the keyboard chanter — reading the next target from the
 * game's live region, as a screen reader would — until the lives run out, enters initials,
 * and finds the score on the leader board highlighted as theirs, under its level's filter.
 * During play a PerformanceObserver records long tasks and a rAF counter the frame rate.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closePage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
// CPU time of main-thread tasks: on a loaded 2-core machine wall time includes waits for a core.
import { TRACE_CATEGORIES, mainThreadTasks } from './fixtures/mainThreadTasks.ts';

const SHOTS = process.env.BLASTER_SHOTS ?? '.tmp/screenshots';

/** Spec §2.4 'Keyboard Chanter': the key for each chanter note. */
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Long tasks and animation frames, recorded by the test (not by the app). */
function instrument() {
  const w = window as unknown as Measured & { measuring: boolean };
  w.longTasks = [];
  w.frames = [];
  w.measuring = false;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      w.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  const count = (t: number) => {
    if (w.measuring) w.frames.push(t);
    requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
}

interface Measured {
  longTasks: Array<{ start: number; duration: number }>;
  frames: number[];
}

/** Starts or ends a stretch of play that counts (screenshots and axe runs do not). */
function measure(page: Page, on: boolean): Promise<number> {
  return page.evaluate((value) => {
    (window as unknown as { measuring: boolean }).measuring = value;
    return performance.now();
  }, on);
}

/** Plays the next target's note (and its grace note first); returns false when none is shown. */
async function blastNext(page: Page): Promise<boolean> {
  const next = page.getByTestId('blaster-next');
  const pitch = await next.getAttribute('data-pitch');
  if (!pitch) return false;
  const grace = await next.getAttribute('data-grace');
  for (const note of grace ? [grace, pitch] : [pitch]) {
    const key = KEY[note]!;
    await page.keyboard.down(key);
    await sleep(60);
    await page.keyboard.up(key);
    await sleep(40);
  }
  return true;
}

describe('Blaster (issue 7 part 4)', () => {
  const app = useApp();

  it('R-2.3.LEADER-08 R-2.3.LEADER-09 a fresh start shows the empty leader board messages', async () => {
    const page = await app.open('/leader-board');
    await page.getByText('No high scores found').waitFor({ timeout: 15_000 });
    await page.getByText("You haven't submitted any scores yet").waitFor();
    expect(await page.getByTestId('local-best').innerText()).toBe('N/A');
    await closePage(page);
  });

  it('R-1.PRODUCT-04 R-3.STORAGE-09 R-3.STORAGE-10 R-2.3.LEADER-07 play with the keyboard chanter to game over, enter initials, find the score highlighted on the leader board', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await app.open(undefined, { width: 1280, height: 900 });
    await page.addInitScript(instrument);
    await page.goto(app.url('/blaster'));
    await page.getByRole('heading', { level: 1, name: 'Blaster' }).waitFor();
    // Issue 22.12: Chanter Recommended waits for notes heard through the microphone, so a
    // keyboard game on the Standard chanter never meets it (a click under it would fail).
    await page.getByRole('button', { name: 'Keyboard chanter' }).click();
    await page.getByRole('radio', { name: /Level 1/ }).check();
    await page.screenshot({ path: `${SHOTS}/blaster-setup-1280.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.locator('.blaster-play').waitFor();
    const windows: Array<[number, number]> = [];
    const tasks: Array<{ wallMs: number; cpuMs: number }> = [];
    await app.browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let opened = await measure(page, true);

    // Blast six targets as they come, then let the next ones through: three misses end it.
    let hits = 0;
    const deadline = Date.now() + 40_000;
    while (hits < 6 && Date.now() < deadline) {
      if (await blastNext(page)) hits++;
      else await sleep(100);
    }
    expect(hits).toBe(6);
    await expect
      .poll(async () => page.getByTestId('blaster-score').innerText(), { timeout: 5_000 })
      .toBe('60');
    await sleep(1_500);
    windows.push([opened, await measure(page, false)]);
    tasks.push(...mainThreadTasks(await app.browser.stopTracing()));
    await page.screenshot({ path: `${SHOTS}/blaster-play-1280.png` });
    await app.browser.startTracing(page, { categories: TRACE_CATEGORIES });
    opened = await measure(page, true);

    await page.getByRole('heading', { name: 'Game over' }).waitFor({ timeout: 45_000 });
    windows.push([opened, await measure(page, false)]);
    tasks.push(...mainThreadTasks(await app.browser.stopTracing()));
    const { longTasks, frames } = await page.evaluate(() => {
      const w = window as unknown as Measured;
      return { longTasks: w.longTasks, frames: w.frames };
    });
    const during = longTasks.filter((t) => windows.some(([a, b]) => t.start >= a && t.start <= b));
    const gaps = frames
      .slice(1)
      .map((t, i) => t - frames[i]!)
      // The break for the screenshot is not a frame gap.
      .filter((gap) => gap < 1000)
      .sort((a, b) => a - b);
    const seconds = gaps.reduce((sum, gap) => sum + gap, 0) / 1000;
    console.log(
      JSON.stringify({
        blasterPlaySeconds: Number(seconds.toFixed(1)),
        fps: Number((gaps.length / seconds).toFixed(1)),
        frameGapMedianMs: Number(gaps[Math.floor(gaps.length / 2)]!.toFixed(1)),
        frameGapP99Ms: Number(gaps[Math.floor(gaps.length * 0.99)]!.toFixed(1)),
        longTasksDuringPlayMs: during.map((t) => Math.round(t.duration)),
        traceTasks: tasks.length,
        taskCpuMaxMs: Number(Math.max(...tasks.map((t) => t.cpuMs)).toFixed(1)),
        taskWallMaxMs: Number(Math.max(...tasks.map((t) => t.wallMs)).toFixed(1)),
      }),
    );
    // Issue 7: no long task over 50 ms while playing — by the main thread's own CPU time
    // (the wall-clock long tasks above are printed: on a shared machine they measure load).
    expect(tasks.length).toBeGreaterThan(100);
    expect(tasks.filter((t) => t.cpuMs > 50)).toEqual([]);

    expect(await page.getByTestId('blaster-final-score').innerText()).toBe('60');
    // Spec §9: an empty board → rank count+1 = 1.
    await page.getByText('New high score! Rank 1 on Level 1.').waitFor({ timeout: 15_000 });
    const initials = page.getByRole('textbox', { name: 'Your initials' });
    await initials.fill('abcd');
    expect(await initials.inputValue()).toBe('ABC');
    await page.screenshot({ path: `${SHOTS}/blaster-over-1280.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit Score' }).click();
    await page.getByText('Your score is on the leader board.').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('blaster-best').innerText()).toBe('60');
    // The device keeps the score's game session: its proof for claiming the score later.
    const proofs = await page.evaluate(
      () => JSON.parse(localStorage.getItem('blaster_score_sessions') ?? '[]') as string[],
    );
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toMatch(/^[0-9a-f-]{36}$/);

    await page.getByRole('link', { name: 'See the Leader Board' }).click();
    await page.getByRole('heading', { level: 1, name: 'Leader Board' }).waitFor();
    const global = page.getByRole('table', { name: 'Top 10, All Levels' });
    await global.waitFor({ timeout: 15_000 });
    const mine = global.locator('tbody tr').first();
    expect(await mine.innerText()).toContain('60');
    expect(await mine.innerText()).toContain('ABC');
    expect(await mine.getAttribute('class')).toContain('lb-own');
    expect(await page.getByTestId('local-best').innerText()).toBe('60');
    expect(await page.getByTestId('local-level').innerText()).toBe('1');
    const yours = page.getByRole('table', { name: 'Your scores, best first' });
    // The page arrives prerendered and hydrates before the device's id is read from storage;
    // its own scores are fetched after that, so wait for their row before counting.
    await yours.locator('tbody tr').first().waitFor({ timeout: 15_000 });
    expect(await yours.locator('tbody tr').count()).toBe(1);

    const filter = page.getByRole('combobox', { name: 'Level' });
    await filter.selectOption({ label: 'Level 1' });
    const level1 = page.getByRole('table', { name: 'Top 10, Level 1' });
    await level1.waitFor({ timeout: 15_000 });
    expect(await level1.locator('tbody td.lb-col-score').allInnerTexts()).toEqual(['60']);
    await filter.selectOption({ label: 'Level 2' });
    await page.getByText('No high scores found').waitFor({ timeout: 15_000 });
    expectNoConsoleErrors(page);
    await closePage(page);
  }, 150_000);

  it('at 390 px wide: the game fits without sideways scrolling, and pauses on blur', async () => {
    const page = await app.open(undefined, { width: 390, height: 844 });
    await page.addInitScript(() => {
      localStorage.setItem('calibration_dialog_seenblaster', 'true');
      localStorage.setItem('BlasterLevel', '4');
    });
    await page.goto(app.url('/blaster'));
    await page.getByRole('button', { name: 'Start Game' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/blaster-setup-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Keyboard chanter' }).click();
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.locator('.blaster-play').waitFor();
    await sleep(4_000);
    await page.screenshot({ path: `${SHOTS}/blaster-play-390.png`, fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await page.getByText('Paused', { exact: true }).waitFor();
    expect(await page.locator('.blaster-play').getAttribute('data-phase')).toBe('paused');
    await page.getByRole('button', { name: 'Resume' }).first().click();
    expect(await page.locator('.blaster-play').getAttribute('data-phase')).toBe('playing');
    expect(await axeViolations(page)).toEqual([]);
    expectNoConsoleErrors(page);
    await closePage(page);
  });
});
