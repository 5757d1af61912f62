/**
 * Basic Notes in Chromium (issue 5): every note plays through the shared AudioContext (sine
 * and the synthesized chanter), drones start with their volume slider, continuous play stops on
 * a second click; no console errors, no axe violations at 1280 and 390 px.
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

const status = (page: Page) => page.locator('.basic-notes__status').textContent();

describe('basic notes', () => {
  const app = useApp();

  it('R-4.BASIC-02 R-4.BASIC-01 R-2.3.BASIC-03 plays notes, drones and continuous notes', async () => {
    const page = await app.open('/basic-notes');
    await page.getByRole('heading', { level: 1, name: 'Basic Notes' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'D', exact: true }).click();
    expect(await status(page)).toBe('Playing D.');
    // A basic note stops after 1 s.
    await expect.poll(() => status(page), { timeout: 3_000 }).toBe(' ');

    // Issue 22 item 12: the chanter voice from the start.
    expect(await page.getByRole('checkbox', { name: 'Simulate Chanter' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Include Drones' }).check();
    const volume = page.getByRole('slider', { name: 'Drone volume' });
    expect(await volume.inputValue()).toBe('0.5');
    await volume.fill('0.3');
    await page.getByRole('checkbox', { name: 'Continuous Play' }).check();
    const highA = page.getByRole('button', { name: 'High A', exact: true });
    await highA.click();
    await page.waitForTimeout(1_500);
    expect(await highA.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.querySelector('audio, video') === null)).toBe(true);
    await highA.click();
    expect(await highA.getAttribute('aria-pressed')).toBe('false');
    await noAxeViolations(page);
    await page.getByRole('checkbox', { name: 'Include Drones' }).uncheck();
    expect(await volume.count()).toBe(0);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('R-2.3.BASIC-01 has no axe violations and no sideways scroll at 390 px', async () => {
    const page = await app.open('/basic-notes', { width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'Basic Notes' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('list', { name: 'Notes' }).getByRole('button').count()).toBe(9);
    await noAxeViolations(page);
    await closePage(page);
  });
});
