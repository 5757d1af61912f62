/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) on every public page at desktop width,
 * on a few pages at phone width, and with the main menu open. Zero violations allowed.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pathTo, routes } from '../src/contracts/routes.ts';
import { closePage } from './fixtures/browser.ts';
import { animationsDone, useApp } from './fixtures/harness.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const PHONE_PATHS = [
  '/',
  '/flashcards',
  '/tuner',
  '/contact',
  '/settings',
  '/sheet-share',
  '/import-song',
  // Issue 16 items 5 and 6: the tutor directory and both invitation pages at phone width too.
  '/instruction',
  '/tutor-invitation',
  '/band-invitation',
  // Issue 18 item 3: charts and tables at phone width.
  '/progress',
  // Issue 20 item 2: 'Take a photo' shows at phone width.
  '/omr',
];

const publicPaths = routes
  .filter((r) => r.access === 'public' && !r.canonical)
  .map((r) => (r.path.includes(':') ? pathTo(r.path, { bandId: 'demo' }) : r.path));

/** One line per violation and one per element it found, to read in the failure output. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  // A scan that checked nothing (axe blocked, empty page) must not pass as 'no violations'.
  expect(results.passes.length, 'axe rules that passed').toBeGreaterThan(0);
  const lines: string[] = [];
  for (const v of results.violations) {
    lines.push(
      `${v.id} [${v.impact ?? 'n/a'}] ${v.help} (${v.nodes.length} element(s)) ${v.helpUrl}`,
    );
    for (const node of v.nodes) {
      lines.push(
        `    at ${node.target.map(String).join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`,
      );
    }
  }
  if (lines.length > 0) console.log(`axe on ${page.url()}:\n${lines.join('\n')}`);
  return lines;
}

async function ready(page: Page) {
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 });
  // Let a loading message or a first fetch settle before scanning.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await animationsDone(page);
}

describe('accessibility (axe, WCAG 2.1 A/AA)', () => {
  const app = useApp();

  describe('every public page at 1280 wide', () => {
    for (const path of publicPaths) {
      it(`${path} has no axe violations`, async () => {
        const page = await app.open(path, DESKTOP);
        await ready(page);
        expect(await violations(page)).toEqual([]);
        await closePage(page);
      });
    }
  });

  describe('pages at 375 wide', () => {
    for (const path of PHONE_PATHS) {
      it(`${path} has no axe violations`, async () => {
        const page = await app.open(path, PHONE);
        await ready(page);
        expect(await violations(page)).toEqual([]);
        await closePage(page);
      });
    }
  });

  describe('the open main menu', () => {
    it('at 1280 wide with the Learn group open', async () => {
      const page = await app.open('/', DESKTOP);
      await ready(page);
      await page.getByRole('banner').getByRole('button', { name: 'Learn', exact: true }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Find Bands' }).waitFor();
      await animationsDone(page);
      expect(await violations(page)).toEqual([]);
      await closePage(page);
    });

    it('at 375 wide with the hamburger panel and the Help group open', async () => {
      const page = await app.open('/', PHONE);
      await ready(page);
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: /menu/i }).click();
      await banner.getByRole('button', { name: 'Help', exact: true }).click();
      await banner.getByRole('link', { name: 'Settings', exact: true }).waitFor();
      await animationsDone(page);
      expect(await violations(page)).toEqual([]);
      await closePage(page);
    });
  });
});
