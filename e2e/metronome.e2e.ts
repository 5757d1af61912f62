/**
 * The metronome in a real browser (issue 5): at 120 BPM the beat indicator advances on the
 * audio clock, the snare sample loads from /sounds and decodes without a console error, Stop
 * halts it; no axe violations at phone width with it running; reduced motion keeps the
 * pendulum still.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closePage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { axeViolations, fitsWidth } from './fixtures/axeViolations.ts';

const beat = (page: Page) =>
  page.locator('.metronome-stage').evaluate((el) => Number(el.getAttribute('data-beat')));

async function ready(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Metronome' }).waitFor({ timeout: 15_000 });
}

async function choose(page: Page, menu: string, item: string) {
  await page.getByRole('menuitem', { name: menu, exact: true }).click();
  await page
    .getByRole('menu', { name: menu })
    .getByRole('menuitemradio', { name: item, exact: true })
    .click();
}

async function setBpm(page: Page, bpm: number) {
  await page.getByRole('slider', { name: 'Tempo' }).fill(String(bpm));
  expect(await page.locator('.metronome-bpm-value').textContent()).toBe(String(bpm));
}

describe('metronome', () => {
  const app = useApp();

  it('R-4.METRO-02 R-4.METRO-03 R-2.3.METRO-07 at 120 BPM the beat indicator advances about twice a second; Stop halts it', async () => {
    const page = await app.open('/metronome');
    await ready(page);
    await setBpm(page, 120);
    const toggle = page.getByRole('button', { name: /^(Start|Stop)$/ });
    await toggle.click();
    expect(await toggle.textContent()).toBe('Stop');
    await page.waitForFunction(
      () => Number(document.querySelector('.metronome-stage')?.getAttribute('data-beat')) >= 1,
      undefined,
      { timeout: 5_000 },
    );
    // The 25 ms check runs in a worker, so a background tab keeps time.
    expect(page.workers().length).toBeGreaterThanOrEqual(1);
    const first = await beat(page);
    const startedAt = Date.now();
    await page.waitForTimeout(2_000);
    const later = await beat(page);
    const seconds = (Date.now() - startedAt) / 1000;
    // 120 BPM is 2 beats a second; allow for the test's own timing slack.
    expect(later - first).toBeGreaterThanOrEqual(Math.floor(seconds * 2) - 1);
    expect(later - first).toBeLessThanOrEqual(Math.ceil(seconds * 2) + 1);
    await toggle.click();
    expect(await toggle.textContent()).toBe('Start');
    const stopped = await beat(page);
    await page.waitForTimeout(1_200);
    expect(await beat(page)).toBe(stopped);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('R-7.ASSETS-01 R-7.ASSETS-02 Snare Drum fetches /sounds/snare_drum.wav, decodes it and beats without console errors', async () => {
    const page = await app.open('/metronome');
    await ready(page);
    await choose(page, 'Sound', 'Snare Drum');
    const response = page.waitForResponse((r) => r.url().endsWith('/sounds/snare_drum.wav'));
    await page.getByRole('button', { name: 'Start' }).click();
    const wav = await response;
    expect(wav.status()).toBe(200);
    const body = await wav.body();
    expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    await page.waitForFunction(
      () => Number(document.querySelector('.metronome-stage')?.getAttribute('data-beat')) >= 2,
      undefined,
      { timeout: 5_000 },
    );
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Stop' }).click();
    // The choice is stored: a reload keeps Snare Drum.
    await page.reload();
    await ready(page);
    await page.getByRole('menuitem', { name: 'Sound', exact: true }).click();
    expect(
      await page.getByRole('menuitemradio', { name: 'Snare Drum' }).getAttribute('aria-checked'),
    ).toBe('true');
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('has no axe violations at 375 px while running in the Circle view in 6/8 (issue 22.2)', async () => {
    const page = await app.open('/metronome', { width: 375, height: 740 });
    await ready(page);
    await choose(page, 'View', 'Circle');
    await page.getByRole('radio', { name: '6/8' }).check();
    await page.getByRole('button', { name: 'Start' }).click();
    expect(await axeViolations(page)).toEqual([]);
    // Nothing spills sideways on a phone.
    expect(await fitsWidth(page)).toBe(true);
    await closePage(page);
  });

  it('with reduced motion the pendulum does not swing; the beat still flashes', async () => {
    const page = await app.open();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(app.url('/metronome'));
    await ready(page);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForFunction(
      () => Number(document.querySelector('.metronome-stage')?.getAttribute('data-beat')) >= 2,
      undefined,
      { timeout: 5_000 },
    );
    const transform = await page
      .locator('.pendulum-arm')
      .evaluate((el) => getComputedStyle(el).transform);
    expect(transform).toBe('none');
    expect(await page.locator('.pendulum-lamp.metronome-flash').count()).toBe(1);
    await closePage(page);
  });
});
