/**
 * The leader board in Chromium (spec §2.3 'Leader board', §7, §8; issue 7 parts 5–6): a fresh
 * server shows the empty messages; scores submitted through the API appear, the level filter
 * narrows them, this browser's own rows are highlighted, a new score arrives without a reload,
 * and the pages have no axe violations at 1280 and 375 px wide.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closePage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { axeViolations } from './fixtures/axeViolations.ts';

const KEY = { 'content-type': 'application/json', 'x-chanterlab-key': 'chanterlab-anon' };
const ME = randomUUID();
const OTHER = randomUUID();
const SHOTS = '.tmp/screenshots';

describe('leader board (spec §2.3)', () => {
  // Seeds boards through the spec's plain RPC (§7), so sessions are optional here; Blaster's
  // own test (blaster.e2e.ts) plays through the default, required game sessions.
  const app = useApp({ server: { env: { SCORE_SESSIONS: 'optional' } } });

  async function submit(score: number, level: number, localUserId: string, initials: string) {
    const response = await fetch(app.url('/api/rpc/submit_high_score'), {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({
        params: {
          p_score: score,
          p_level: level,
          p_local_user_id: localUserId,
          p_initials: initials,
        },
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  /** Opens `path` as the browser whose local user id is ME, with a local best and level. */
  async function openAsMe(path: string, size = { width: 1280, height: 900 }) {
    const page = await app.open(undefined, size);
    await page.addInitScript((id) => {
      localStorage.setItem('local_user_uuid', JSON.stringify(id));
      localStorage.setItem('blaster_high_score', JSON.stringify(2500));
      localStorage.setItem('BlasterLevel', JSON.stringify(3));
    }, ME);
    await page.goto(app.url(path));
    return page;
  }

  it("R-2.3.LEADER-03 R-2.3.LEADER-08 R-2.3.LEADER-09 a fresh start: 'N/A', 'No high scores found', 'You haven't submitted any scores yet'", async () => {
    const page = await app.open('/leader-board');
    await page.getByRole('heading', { level: 1, name: 'Leader Board' }).waitFor();
    await page.getByText('No high scores found').waitFor({ timeout: 15_000 });
    await page.getByText("You haven't submitted any scores yet").waitFor();
    expect(await page.getByTestId('local-best').innerText()).toBe('N/A');
    expect(await page.getByTestId('local-level').innerText()).toBe('N/A');
    const high = await app.open('/blaster-high-scores');
    await high.getByRole('heading', { level: 1, name: 'High Scores' }).waitFor();
    await high.getByText('No high scores found').first().waitFor({ timeout: 15_000 });
    expect(await high.getByText('No high scores found').count()).toBe(5);
    expectNoConsoleErrors(page);
    expectNoConsoleErrors(high);
    await closePage(page);
    await closePage(high);
  });

  it('R-2.3.LEADER-01 R-2.3.LEADER-02 R-2.3.LEADER-04 R-2.3.LEADER-05 R-2.3.LEADER-06 R-2.3.LEADER-07 scores from the API appear, filter by level, own rows highlighted', async () => {
    await submit(9000, 5, OTHER, 'oth');
    await submit(4200, 2, ME, 'me');
    await submit(3100, 2, OTHER, 'zed');
    await submit(1500, 1, ME, 'me');

    const page = await openAsMe('/leader-board');
    const global = page.getByRole('table', { name: 'Top 10, All Levels' });
    await global.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('local-best').innerText()).toBe('2,500');
    expect(await page.getByTestId('local-level').innerText()).toBe('3');
    expect(await global.getByRole('columnheader').allInnerTexts()).toEqual([
      'RANK',
      'LEVEL',
      'SCORE',
      'INITIALS',
      'DATE',
    ]);
    const rows = global.locator('tbody tr');
    expect(await rows.count()).toBe(4);
    expect(await rows.nth(0).innerText()).toContain('9,000');
    expect(await rows.nth(0).getAttribute('class')).toBeNull();
    expect(await rows.nth(1).getAttribute('class')).toContain('lb-own');
    expect(await rows.nth(1).innerText()).toContain('(you)');
    expect(
      await page
        .locator('tr.lb-own')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).not.toBe('rgba(0, 0, 0, 0)');

    const yours = page.getByRole('table', { name: 'Your scores, best first' });
    await yours.waitFor();
    expect(await yours.locator('tbody tr').count()).toBe(2);

    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Level 2' });
    const level2 = page.getByRole('table', { name: 'Top 10, Level 2' });
    await level2.waitFor({ timeout: 15_000 });
    const scores = await level2.locator('tbody tr td.lb-col-score').allInnerTexts();
    expect(scores).toEqual(['4,200', '3,100']);
    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Level 4' });
    await page.getByText('No high scores found').waitFor({ timeout: 15_000 });

    mkdirSync(SHOTS, { recursive: true });
    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'All Levels' });
    await global.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/leader-board-1280.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('R-7.HIGHSCORE-04 /blaster-high-scores shows each level’s top 3', async () => {
    await submit(50, 3, OTHER, 'a');
    await submit(60, 3, OTHER, 'b');
    await submit(70, 3, ME, 'c');
    await submit(80, 3, OTHER, 'd');
    const page = await openAsMe('/blaster-high-scores');
    const level3 = page.getByRole('table', { name: 'Level 3, top 3' });
    await level3.waitFor({ timeout: 15_000 });
    expect(await level3.locator('tbody td.lb-col-score').allInnerTexts()).toEqual([
      '80',
      '70',
      '60',
    ]);
    expect(await level3.locator('tbody tr').nth(1).getAttribute('class')).toContain('lb-own');
    await page.screenshot({ path: `${SHOTS}/blaster-high-scores-1280.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await closePage(page);
  });

  it('at 375 px wide: no horizontal scrolling, no axe violations', async () => {
    for (const path of ['/leader-board', '/blaster-high-scores']) {
      const page = await openAsMe(path, { width: 375, height: 740 });
      await page.locator('table').first().waitFor({ timeout: 15_000 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `${SHOTS}/${path.slice(1)}-375.png`,
        fullPage: true,
      });
      expect(await axeViolations(page)).toEqual([]);
      await closePage(page);
    }
  });

  it('a new score appears on an open board without a reload (polling with ETag)', async () => {
    const page = await openAsMe('/leader-board');
    const global = page.getByRole('table', { name: 'Top 10, All Levels' });
    await global.waitFor({ timeout: 15_000 });
    await submit(99999, 4, OTHER, 'new');
    await global.getByText('99,999').waitFor({ timeout: 25_000 });
    expectNoConsoleErrors(page);
    await closePage(page);
  });
});
