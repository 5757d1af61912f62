/**
 * The fingering chart and the grace-note trainer in a real browser (issue 5): /chanter-render
 * draws the nine notes' diagrams; /gracenotes plays Low G on D without a console error, and
 * both screens have no axe violations at phone width without spilling sideways.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closePage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { axeViolations, fitsWidth } from './fixtures/axeViolations.ts';

async function noAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

describe('practice tools', () => {
  const app = useApp();

  it('R-2.3.DIAGRAM-01 /chanter-render shows the nine fingering diagrams', async () => {
    const page = await app.open('/chanter-render');
    const chart = page.getByRole('list', { name: 'Fingering of each chanter note' });
    await chart.waitFor({ timeout: 15_000 });
    const diagrams = chart.getByRole('img');
    expect(await diagrams.count()).toBe(9);
    expect(await diagrams.first().getAttribute('aria-label')).toMatch(
      /^Chanter fingering for Low G: covered thumb/,
    );
    expect(await diagrams.first().getAttribute('viewBox')).toBe('0 0 120 450');
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('R-4.GRACE-07 /gracenotes plays a Low G grace note on D without console errors', async () => {
    const page = await app.open('/gracenotes');
    await page.getByRole('heading', { level: 1, name: 'Grace Notes' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Melody D', exact: true }).click();
    await page.getByRole('button', { name: 'Grace Low G', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Grace E', exact: true }).isDisabled()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // The phrase lasts 1.2 s; the button reads Play again once it has ended.
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 5_000 });
    const shown = page.getByTestId('grace-fingering').getByRole('img');
    expect(await shown.getAttribute('aria-label')).toMatch(/^Chanter fingering for (Low G|D):/);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('R-2.3.GRACE-06 both screens have no axe violations at 375 px', async () => {
    for (const path of ['/chanter-render', '/gracenotes']) {
      const page = await app.open(path, { width: 375, height: 740 });
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
      await noAxeViolations(page);
      await closePage(page);
    }
  });
});
