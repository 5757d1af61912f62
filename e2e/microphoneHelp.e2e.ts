/**
 * /microphone-help with Chromium's fake microphone playing a chanter-like tone (spec §2.3
 * 'Microphone help', §4 'Microphone test'), and the static /MicrophoneHelp.html it links to.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { toneWav } from './fixtures/toneWav.ts';
import { axeViolations } from './fixtures/axeViolations.ts';

const dir = mkdtempSync(join(tmpdir(), 'chanterlab-michelp-'));
const wav = join(dir, 'd-640.wav');
writeFileSync(wav, toneWav(640, 2, { peak: 0.5 }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SHOTS = process.env.MIC_HELP_SHOTS;

const level = (page: Page) =>
  page.getByTestId('mic-input').evaluate((el) => Number(el.getAttribute('data-level')));

describe('microphone help', () => {
  const app = useApp({ browser: { fakeMicWav: wav } });

  it('R-2.3.MICHELP-01 … -08 R-4.MICTEST-01 … -04: find, test with a live level, stop', async () => {
    const page = await app.open('/microphone-help');
    await expect.poll(() => page.getByRole('heading', { name: 'Basic Setup' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Advanced Troubleshooting' }).count()).toBe(1);

    const start = page.getByRole('button', { name: 'Start Test' });
    const select = page.getByLabel('Microphone', { exact: true });
    expect(await start.isDisabled()).toBe(true);
    expect(await select.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Find Microphones' }).click();
    await expect.poll(() => select.isDisabled(), { timeout: 10_000 }).toBe(false);
    const options = await select.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(1); // System default + the fake device

    const gain = page.getByLabel('Input gain', { exact: true });
    expect(await gain.getAttribute('step')).toBe('0.1');
    expect(await gain.getAttribute('min')).toBe('0.5');

    await start.click();
    await page.getByRole('button', { name: 'Stop Test' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => level(page), { timeout: 10_000 }).toBeGreaterThan(0.05);
    // The waveform canvas is drawn: some pixel is not transparent.
    const drawn = await page.locator('canvas.mic-wave-canvas').evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
      return false;
    });
    expect(drawn).toBe(true);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'mic-help-1280.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Stop Test' }).click();
    await start.waitFor();
    await expect.poll(() => level(page)).toBe(0);
    expectNoConsoleErrors(page);
  });

  it('reduced motion: no moving waveform, a level meter that still follows the input', async () => {
    const page = await app.open();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(app.url('/microphone-help'));
    await page.getByRole('button', { name: 'Find Microphones' }).click();
    const start = page.getByRole('button', { name: 'Start Test' });
    await expect.poll(() => start.isDisabled(), { timeout: 10_000 }).toBe(false);
    await start.click();
    await expect.poll(() => level(page), { timeout: 10_000 }).toBeGreaterThan(0.05);
    expect(await page.locator('canvas').count()).toBe(0);
    const meter = await page.getByRole('meter', { name: 'Input level' }).getAttribute('value');
    expect(Number(meter)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Stop Test' }).click();
    expectNoConsoleErrors(page);
  });

  it('looks right and passes axe at phone width', async () => {
    const page = await app.open('/microphone-help', { width: 375, height: 740 });
    await page.getByRole('heading', { name: 'Basic Setup' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'mic-help-375.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expectNoConsoleErrors(page);
  });

  it("R-2.3.MICHELP-10 issue 13.14 opens /MicrophoneHelp.html in a new tab at this system's section", async () => {
    const page = await app.open('/microphone-help');
    const button = page.getByRole('button', { name: 'Open the full help page' });
    await button.waitFor();
    const [popup] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/MicrophoneHelp.html');
    // Chromium on Linux (R-2.3.MICHELP-11).
    expect(new URL(popup.url()).hash).toBe('#linux-chrome');
  });

  it('R-7.ASSETS-03 R-2.3.MICHELP-11 /MicrophoneHelp.html#linux-chrome loads with its section, no CSP error', async () => {
    const page = await app.open('/MicrophoneHelp.html#linux-chrome');
    const section = page.locator('section#linux-chrome');
    expect(await section.count()).toBe(1);
    expect(await section.getByRole('heading').first().textContent()).toContain('Linux');
    // The stylesheet applied (so it was not blocked): the targeted section is highlighted.
    const border = await section.evaluate((el) => getComputedStyle(el).borderLeftColor);
    expect(border).toBe('rgb(155, 28, 44)');
    const back = page.getByRole('link', { name: /Back to the microphone test/ }).first();
    expect(await back.getAttribute('href')).toBe('/microphone-help');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'mic-help-static.png') });
    expect(await axeViolations(page)).toEqual([]);
    expectNoConsoleErrors(page);
  });

  it('the static help page fits a phone screen', async () => {
    const page = await app.open('/MicrophoneHelp.html#android-samsung', {
      width: 375,
      height: 740,
    });
    await page.locator('section#android-samsung').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'mic-help-static-375.png') });
    expectNoConsoleErrors(page);
  });
});
