/**
 * Animated notes and Home's strip in Chromium (issue 5): Play Animation moves the notes past
 * the marker at the chosen speed on the audio clock, Pause Animation freezes them; the home
 * strip climbs the nine notes; reduced motion steps instead of gliding; no axe violations.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closePage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { axeViolations, fitsWidth } from './fixtures/axeViolations.ts';

const position = (page: Page) =>
  page.locator('.note-strip__svg').evaluate((el) => Number(el.getAttribute('data-position')));
const translateX = (page: Page) =>
  page
    .locator('.note-strip__svg > g')
    .evaluate((el) =>
      Number(/translate\((-?[\d.e-]+)/.exec(el.getAttribute('transform') ?? '')?.[1] ?? 0),
    );

describe('animated notes', () => {
  const app = useApp();

  it('R-2.3.STRIP-02 R-2.3.STRIP-03 /animated-notes plays at the chosen speed and pauses', async () => {
    const page = await app.open('/animated-notes');
    await page
      .getByRole('heading', { level: 1, name: 'Animated Notes' })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('slider', { name: /^Speed/ }).fill('120');
    await page.getByRole('button', { name: 'Play Animation' }).click();
    await page.getByRole('button', { name: 'Pause Animation' }).waitFor();
    await expect.poll(() => position(page), { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    const first = await position(page);
    const startedAt = Date.now();
    await page.waitForTimeout(2_000);
    const moved = (await position(page)) - first;
    const seconds = (Date.now() - startedAt) / 1000;
    // 120 notes a minute: two a second, give or take the test's own timing.
    expect(moved).toBeGreaterThanOrEqual(Math.floor(seconds * 2) - 1);
    expect(moved).toBeLessThanOrEqual(Math.ceil(seconds * 2) + 1);
    await page.getByRole('button', { name: 'Pause Animation' }).click();
    const held = await translateX(page);
    await page.waitForTimeout(800);
    expect(await translateX(page)).toBe(held);
    expect(await page.getByRole('button', { name: 'Play Animation' }).count()).toBe(1);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('/animate-song starts on the song', async () => {
    const page = await app.open('/animate-song');
    await page
      .getByRole('heading', { level: 1, name: 'Animated Notes' })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('combobox', { name: 'Notes' }).inputValue()).toBe('song');
    await page.getByRole('button', { name: 'Play Animation' }).click();
    await expect.poll(() => page.getByTestId('note-strip-now').textContent()).toBe('Low A');
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('R-2.3.STRIP-01 R-2.3.STRIP-04 R-2.3.STRIP-05 Home strip climbs the nine notes as they pass', async () => {
    const page = await app.open('/');
    const play = page.getByRole('button', { name: 'Play Animation' });
    await play.waitFor({ timeout: 15_000 });
    await play.click();
    const seen: string[] = [];
    const deadline = Date.now() + 8_000;
    while (seen.length < 4 && Date.now() < deadline) {
      const now = (await page.getByTestId('note-strip-now').textContent())?.trim() ?? '';
      if (now && now !== seen.at(-1)) seen.push(now);
      await page.waitForTimeout(50);
    }
    expect(seen.slice(0, 4)).toEqual(['Low G', 'Low A', 'B', 'C']);
    await page.getByRole('button', { name: 'Pause Animation' }).click();
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('reduced motion: the strip steps a whole note at a time', async () => {
    const page = await app.open();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(app.url('/animated-notes'));
    await page.getByRole('button', { name: 'Play Animation' }).click();
    expect(await page.locator('.note-strip').getAttribute('data-reduced-motion')).toBe('true');
    for (let i = 0; i < 12; i++) {
      // The track only ever sits at whole note spacings (64 units).
      expect(Math.abs((await translateX(page)) % 64)).toBe(0);
      await page.waitForTimeout(90);
    }
    expect(await position(page)).toBeGreaterThanOrEqual(1);
    await closePage(page);
  });

  it('has no axe violations and no sideways scroll at 390 px', async () => {
    for (const path of ['/animated-notes', '/']) {
      const page = await app.open(path, { width: 390, height: 844 });
      await page.getByRole('button', { name: 'Play Animation' }).waitFor({ timeout: 15_000 });
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await closePage(page);
    }
  });
});
