/**
 * The grace-note trainer's staff and embellishment presets in Chromium (issue 5): the chosen
 * grace and melody note are drawn by VexFlow; a preset shows its staff and fingering sequence
 * and plays through the shared AudioContext without a console error; no axe violations.
 */
import { describe, expect, it } from 'vitest';
import { closePage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { axeViolations, fitsWidth } from './fixtures/axeViolations.ts';

describe('grace notes trainer', () => {
  const app = useApp();

  it('R-2.3.GRACE-02 draws the grace note and melody on the staff', async () => {
    const page = await app.open('/gracenotes');
    await page.getByRole('heading', { level: 1, name: 'Grace Notes' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Melody E', exact: true }).click();
    await page.getByRole('button', { name: 'Grace Low A', exact: true }).click();
    const staff = page.getByRole('img', {
      name: 'Treble staff: E half note, then grace note Low A before E',
    });
    await staff.waitFor({ timeout: 15_000 });
    expect(await staff.locator('svg').count()).toBe(1);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('shows and plays the embellishment presets', async () => {
    const page = await app.open('/gracenotes');
    await page.getByRole('heading', { name: 'Embellishments' }).waitFor({ timeout: 15_000 });
    for (const name of ['Doublings', 'Throws', 'Grips', 'Taorluaths', 'Birls']) {
      expect(await page.getByRole('group', { name }).count()).toBe(1);
    }
    await page.getByRole('button', { name: 'Taorluath', exact: true }).click();
    expect(await page.getByTestId('preset-notes').textContent()).toBe(
      'Low G, D, Low G, E, then Low A',
    );
    const steps = page.getByRole('list', { name: 'Fingering sequence' }).getByRole('img');
    expect(await steps.count()).toBe(5);
    await page
      .getByRole('img', { name: /^Treble staff: Low A half note, then grace notes Low G, D/ })
      .locator('svg')
      .waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Play Taorluath' }).click();
    await page.getByRole('button', { name: 'Playing…' }).waitFor({ timeout: 2_000 });
    await page.getByRole('button', { name: 'Play Taorluath' }).waitFor({ timeout: 5_000 });
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('R-2.3.GRACE-06 has no axe violations at 390 px with the presets and Gracenotes mode (issue 22.1)', async () => {
    const page = await app.open('/gracenotes', { width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Embellishments' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Birl', exact: true }).click();
    await page.getByRole('radio', { name: 'Gracenotes' }).check();
    await page.getByRole('button', { name: 'Melody Low A', exact: true }).click();
    await page.getByRole('button', { name: 'Grace High G', exact: true }).click();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await closePage(page);
  });
});
