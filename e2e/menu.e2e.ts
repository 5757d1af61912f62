/**
 * The main menu as a visitor uses it (spec §2.2 'Main menu', §4 'Menus'): the bar of groups on
 * a wide screen, the hamburger on a phone. Only what a user sees and the roles and names that
 * assistive technology announces are tested, not the component's structure.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closePage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp, waitForPath } from './fixtures/harness.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** Spec §2.2, in its order. */
const TOP_LINKS = ['Home', 'Resources', 'Contact'];
const GROUPS = ['Setup', 'Games', 'Learn', 'Tools', 'Sheet Music', 'Help'];
const ORDER = [
  'Home',
  'Setup',
  'Games',
  'Learn',
  'Tools',
  'Sheet Music',
  'Resources',
  'Contact',
  'Help',
];

/** What each group holds (spec §2.2 .MENU-05…15): internal paths, plus named labels. */
const GROUP_PATHS: Record<string, string[]> = {
  Setup: ['/chantersync', '/chanter-test'],
  Games: ['/blaster', '/battle', '/leader-board'],
  Learn: [
    '/instruction',
    '/bands',
    '/flashcards',
    '/chanter-render',
    '/basic-notes',
    '/gracenotes',
    // Issue 18 item 3.
    '/progress',
  ],
  Tools: ['/tuner', '/metronome'],
  // Spec §2.2's four, plus /sheet-music itself (issue 22 item 5).
  'Sheet Music': ['/sheet-music', '/sheet-share', '/playlists', '/aisheetnovel', '/import-song'],
  Help: ['/microphone-help', '/about-us', '/feature-request', '/settings'],
};
const NAMED_ITEMS: [group: string, label: string, path: string][] = [
  ['Learn', 'Find Bands', '/bands'],
  ['Sheet Music', 'Library', '/sheet-share'],
  ['Sheet Music', 'AI Composer', '/aisheetnovel'],
];

const banner = (page: Page) => page.getByRole('banner');
const groupButton = (page: Page, name: string) =>
  banner(page).getByRole('button', { name, exact: true });
const menuLink = (page: Page, name: string | RegExp) =>
  banner(page).getByRole('link', typeof name === 'string' ? { name, exact: true } : { name });
const hamburger = (page: Page) => banner(page).getByRole('button', { name: /menu/i });

async function shown(locator: Locator, timeout = 5_000) {
  await locator.waitFor({ state: 'visible', timeout });
  expect(await locator.isVisible()).toBe(true);
}
async function gone(locator: Locator, timeout = 5_000) {
  await locator.waitFor({ state: 'hidden', timeout }).catch(() => undefined);
  expect(await locator.isVisible()).toBe(false);
}

/** Internal paths of the links visible in the banner, without the top-level ones. */
async function visibleItemPaths(page: Page, exclude: string[]): Promise<string[]> {
  const links = banner(page).getByRole('link');
  const found: string[] = [];
  for (const link of await links.all()) {
    if (!(await link.isVisible())) continue;
    const href = await link.getAttribute('href');
    if (!href || /^https?:/.test(href)) continue;
    if (!exclude.includes(href)) found.push(href);
  }
  return found;
}

describe('main menu (spec §2.2)', () => {
  const app = useApp();

  describe('at 1280×800', () => {
    it('R-2.2.MENU-04 R-2.2.MENU-13 shows Home, Setup, Games, Learn, Tools, Sheet Music, Resources, Contact, Help in order', async () => {
      const page = await app.open('/', DESKTOP);
      for (const name of TOP_LINKS) await shown(menuLink(page, name));
      for (const name of GROUPS) await shown(groupButton(page, name));
      expect(await hamburger(page).isVisible()).toBe(false);

      const xs: number[] = [];
      for (const name of ORDER) {
        const target = TOP_LINKS.includes(name) ? menuLink(page, name) : groupButton(page, name);
        const box = await target.boundingBox();
        expect(box, name).not.toBeNull();
        xs.push(box!.y * 10_000 + box!.x);
      }
      expect(xs, `left to right: ${ORDER.join(', ')}`).toEqual([...xs].sort((a, b) => a - b));

      expect(
        new URL((await menuLink(page, 'Home').getAttribute('href')) ?? '', page.url()).pathname,
      ).toBe('/');
      expect(await menuLink(page, 'Resources').getAttribute('href')).toBe('/resources');
      expect(await menuLink(page, 'Contact').getAttribute('href')).toBe('/contact');
      expectNoConsoleErrors(page);
      await closePage(page);
    });

    it('R-2.2.MENU-05…15 each group opens to the links of spec §2.2', async () => {
      const page = await app.open('/credits', DESKTOP);
      await shown(groupButton(page, 'Setup'));
      const topPaths = await visibleItemPaths(page, []);
      for (const [group, expected] of Object.entries(GROUP_PATHS)) {
        await groupButton(page, group).click();
        await shown(banner(page).locator(`a[href="${expected[0]}"]`));
        const items = await visibleItemPaths(page, topPaths);
        expect(items.sort(), `${group} holds`).toEqual([...expected].sort());
      }
      for (const [group, label, path] of NAMED_ITEMS) {
        const button = groupButton(page, group);
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        const item = menuLink(page, label);
        await shown(item);
        expect(await item.getAttribute('href'), `${group} › ${label}`).toBe(path);
      }
      // .MENU-14: Help holds the external help and FAQ page, opened in a new tab.
      const help = groupButton(page, 'Help');
      if ((await help.getAttribute('aria-expanded')) !== 'true') await help.click();
      const external = banner(page).locator('a[target="_blank"]');
      await shown(external.first());
      expect(await external.first().getAttribute('href')).toMatch(/^https:\/\//);
      expect(await external.first().getAttribute('rel')).toContain('noopener');
      expectNoConsoleErrors(page);
      await closePage(page);
    });

    it('R-2.2.MENU-02 R-4.MENU-01 R-4.MENU-02 one group is open at a time; its button closes it again', async () => {
      const page = await app.open('/', DESKTOP);
      const learn = groupButton(page, 'Learn');
      const games = groupButton(page, 'Games');
      await learn.click();
      await shown(menuLink(page, 'Find Bands'));
      expect(await learn.getAttribute('aria-expanded')).toBe('true');

      await games.click();
      await shown(menuLink(page, 'Blaster'));
      await gone(menuLink(page, 'Find Bands'));
      expect(await learn.getAttribute('aria-expanded')).toBe('false');
      expect(await games.getAttribute('aria-expanded')).toBe('true');

      await games.click();
      await gone(menuLink(page, 'Blaster'));
      expect(await games.getAttribute('aria-expanded')).toBe('false');
      expectNoConsoleErrors(page);
      await closePage(page);
    });

    it('R-2.2.MENU-03 R-4.MENU-04 a click outside closes the open group', async () => {
      const page = await app.open('/credits', DESKTOP);
      await groupButton(page, 'Tools').click();
      await shown(menuLink(page, 'Metronome'));
      await page.mouse.click(DESKTOP.width / 2, DESKTOP.height - 150);
      await gone(menuLink(page, 'Metronome'));
      expect(await groupButton(page, 'Tools').getAttribute('aria-expanded')).toBe('false');
      expectNoConsoleErrors(page);
      await closePage(page);
    });

    it('Escape closes the open group and returns focus to its button', async () => {
      const page = await app.open('/credits', DESKTOP);
      const help = groupButton(page, 'Help');
      await help.click();
      await shown(menuLink(page, 'Settings'));
      await page.keyboard.press('Escape');
      await gone(menuLink(page, 'Settings'));
      expect(await help.evaluate((el) => el === document.activeElement)).toBe(true);
      expectNoConsoleErrors(page);
      await closePage(page);
    });

    it("R-2.2.MENU-08 'Find Bands' goes to /bands and the menu closes", async () => {
      const page = await app.open('/', DESKTOP);
      await groupButton(page, 'Learn').click();
      await menuLink(page, 'Find Bands').click();
      await waitForPath(page, '/bands');
      await shown(page.getByRole('heading', { level: 1, name: 'Find a pipe band' }));
      await gone(menuLink(page, 'Find Bands'));
      expect(await groupButton(page, 'Learn').getAttribute('aria-expanded')).toBe('false');
      expectNoConsoleErrors(page);
      await closePage(page);
    });

    it("R-2.2.MENU-16 logged out, 'Login / Register' leads to /user-profile", async () => {
      const page = await app.open('/', DESKTOP);
      const login = menuLink(page, 'Login / Register');
      await shown(login);
      expect(await login.getAttribute('href')).toBe('/user-profile');
      expect(await banner(page).getByRole('button', { name: 'Log out' }).count()).toBe(0);
      await closePage(page);
    });
  });

  describe('at 375×740', () => {
    it('R-2.2.MENU-01 the menu becomes a hamburger; groups are hidden until it opens', async () => {
      const page = await app.open('/', PHONE);
      const burger = hamburger(page);
      await shown(burger);
      expect(await burger.getAttribute('aria-expanded')).toBe('false');
      for (const name of GROUPS)
        expect(await groupButton(page, name).isVisible(), name).toBe(false);
      for (const name of TOP_LINKS)
        expect(await menuLink(page, name).isVisible(), name).toBe(false);

      await burger.click();
      expect(await burger.getAttribute('aria-expanded')).toBe('true');
      for (const name of GROUPS) await shown(groupButton(page, name));
      for (const name of TOP_LINKS) await shown(menuLink(page, name));

      // Nothing of the open panel may stick out sideways on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);

      await burger.click();
      for (const name of GROUPS) await gone(groupButton(page, name));
      expectNoConsoleErrors(page);
      await closePage(page);
    });

    it('R-2.2.MENU-02 a link in the panel navigates and closes the panel', async () => {
      const page = await app.open('/', PHONE);
      await hamburger(page).click();
      await groupButton(page, 'Learn').click();
      await shown(menuLink(page, 'Flash Cards'));
      await groupButton(page, 'Games').click();
      await shown(menuLink(page, 'Blaster'));
      await gone(menuLink(page, 'Flash Cards'));

      await groupButton(page, 'Learn').click();
      await menuLink(page, 'Flash Cards').click();
      await waitForPath(page, '/flashcards');
      // The screen's own heading: the URL changes before the lazy screen replaces Home, so 'the
      // first h1' could be Home's, gone a moment later (a CI run failed on it).
      await shown(page.getByRole('heading', { level: 1, name: 'Flash Cards', exact: true }));
      await gone(groupButton(page, 'Learn'));
      expect(await hamburger(page).getAttribute('aria-expanded')).toBe('false');
      expectNoConsoleErrors(page);
      await closePage(page);
    });

    it('R-2.2.MENU-16 the open panel scrolls: with Learn expanded, Login / Register is still reachable', async () => {
      const page = await app.open('/credits', PHONE);
      await hamburger(page).click();
      await groupButton(page, 'Learn').click();
      await shown(menuLink(page, 'Grace Notes'));
      const login = menuLink(page, 'Login / Register');
      await login.scrollIntoViewIfNeeded();
      await login.click();
      await waitForPath(page, '/auth');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user-profile');
      expectNoConsoleErrors(page);
      await closePage(page);
    });

    it('Escape closes the open panel', async () => {
      const page = await app.open('/credits', PHONE);
      await hamburger(page).click();
      await shown(groupButton(page, 'Tools'));
      await page.keyboard.press('Escape');
      await gone(groupButton(page, 'Tools'));
      expect(await hamburger(page).getAttribute('aria-expanded')).toBe('false');
      await closePage(page);
    });
  });
});
