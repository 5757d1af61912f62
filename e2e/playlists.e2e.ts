/**
 * The library's 'Done when' flow in Chromium against the real server (issue 15, items 3, 5, 7
 * and 8): a signed-in piper uploads a BWW file on /import-song under CC BY and asks to share
 * it; an administrator approves it (through the curators' API with the admin token — the
 * Manage Songs screen has its own browser test, e2e/adminSongs.e2e.ts); it is found in the
 * library's search; from its page the piper adds it to a new playlist, then a built-in
 * library tune from the playlist's library search and an own BWW file; sets a tempo,
 * reorders by mouse and keyboard, shares the link; a second browser context opens it
 * read-only, signs in and copies it; the copy prints as a booklet (a contents page, each tune
 * on its own page); the owner plays the set in Sheet Music and revokes the link, which stops
 * working at once. On the same server, find-by-playing (issue 15 item 6) with the keyboard
 * chanter finds a built-in tune from its opening notes.
 *
 * LIBRARY_SHOTS=DIR also saves screenshots of the library screens at 1280 and 375 px.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { curationRoutes, type CuratedSetting } from '../src/contracts/library/curationRoutes.ts';
import { LICENCE_LABELS, libraryMessages } from '../src/contracts/library/libraryTerms.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
import { type TestPage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { magicLinkSignIn } from './fixtures/magicLinkSignIn.ts';

const SHOTS = process.env.PLAYLIST_SHOTS ?? '.tmp/screenshots';
const LIBRARY_SHOTS = process.env.LIBRARY_SHOTS;
const ADMIN_TOKEN = 'e2e-playlists-admin-token-0123456789abcdef';
/** A built-in library tune (seeded at start as a public-domain setting). */
const LIBRARY_TUNE = 'Scotland the Brave';
// Small tunes written for this test (not taken from any collection).
const UPLOAD_BWW = `"Upload Test March",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)
"March",(Y,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)
& sharpf sharpc 2_4 I! E_4 HA_4 ! F_8 E_8 C_8 LA_8 ! B_4 D_4 ! C_2 !
& F_4 HG_4 ! HA_8 F_8 E_8 C_8 ! B_8 D_8 C_8 B_8 ! LA_2 !I
`;
const OWN_BWW = `"My Own Reel",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)
"Reel",(Y,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)
& sharpf sharpc 2_2 I! LA_4 B_4 C_4 D_4 ! E_4 F_4 HG_4 HA_4 !
& HA_4 HG_4 F_4 E_4 ! D_4 C_4 B_4 LA_4 !I
`;

// One server (with the admin token, for the mailed links) and one Chromium for the file.
const app = useApp({ server: { env: { ADMIN_TOKEN } } });
const url = app.url;

async function open(width = 1280): Promise<TestPage> {
  const page = await app.open(undefined, { width, height: 900 });
  return page;
}

/** Signs `email` in on `page` through a real magic link, landing on `target`. */
function signIn(page: Page, email: string, target: string): Promise<void> {
  return magicLinkSignIn(page, app.server.url, ADMIN_TOKEN, email, target);
}

async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Library screens at both widths, only when LIBRARY_SHOTS is set (issue 15 'Done when' item 3). */
async function shootLibrary(page: Page, name: string) {
  if (!LIBRARY_SHOTS) return;
  await mkdir(LIBRARY_SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // Previews are drawn as they scroll into view: bring each in, then shoot from the top.
    const previews = page.locator('.share-preview');
    const count = await previews.count();
    for (let i = 0; i < count; i++) await previews.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.share-preview svg').count()).toBe(count);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${LIBRARY_SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The curator's side, through the curators' API with the administrator token. */
async function approve(title: string): Promise<void> {
  const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const queue = await fetch(url(curationRoutes.queue.build({}, {})), { headers: auth });
  expect(queue.status).toBe(200);
  const { settings } = ((await queue.json()) as { data: { settings: CuratedSetting[] } }).data;
  const pending = settings.find((s) => s.tune.title === title);
  expect(pending?.visibility).toBe('pending');
  expect(pending?.licence).toBe('cc-by');
  const approved = await fetch(url(curationRoutes.approve.build({ settingId: pending!.id }, {})), {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(approved.status).toBe(200);
}

describe('the library flow (issue 15 Done when; items 3, 5, 6, 7, 8)', () => {
  it('issue 15 Done when: upload under CC BY → approved → found → added with a library tune to a playlist → shared, copied read-only, printed as a booklet, played, revoked', async () => {
    // The owner signs in and uploads a BWW file on Import Song, under CC BY, asking to share.
    const owner = await open();
    await signIn(owner, 'owner@example.org', '/import-song');
    await owner.getByRole('heading', { name: 'Import Song', level: 1 }).waitFor();
    await owner.getByLabel('Open a .bww or MusicXML file').setInputFiles({
      name: 'upload-test-march.bww',
      mimeType: 'text/plain',
      buffer: Buffer.from(UPLOAD_BWW),
    });
    await owner.getByRole('heading', { name: 'Add it to the library' }).waitFor();
    await expect
      .poll(() => owner.getByLabel('Title', { exact: true }).inputValue())
      .toBe('Upload Test March');
    await owner.getByLabel('Type', { exact: true }).selectOption('2/4 march');
    await owner.getByLabel(LICENCE_LABELS['cc-by']).check();
    await owner.getByLabel('Name to credit').fill('Owner Piper');
    await owner.getByRole('checkbox', { name: /Share it in the public library/ }).check();
    await owner.locator('.import-score svg').first().waitFor();
    expect(await axeViolations(owner)).toEqual([]);
    await shootLibrary(owner, 'import-song-form');
    await owner.getByRole('button', { name: 'Save and ask to share' }).click();
    await owner.getByText(libraryMessages.pendingReview).waitFor();

    // A curator approves it; then it is in the library's search, typo and all.
    await approve('Upload Test March');
    await owner.goto(url('/sheet-share'));
    await owner.getByLabel('Title or other name').fill('uplod test march');
    // The best match first, in the search results (the piper's own uploads are listed below).
    const results = owner.locator('.share-results .share-result-title a');
    await expect.poll(() => results.first().innerText()).toBe('Upload Test March');
    const found = results.first();
    await shootLibrary(owner, 'sheet-share-search');
    await found.click();
    await owner.getByRole('heading', { name: 'Upload Test March', level: 2 }).waitFor();
    await owner.getByText('CC BY 4.0 — credit Owner Piper').waitFor();
    if (LIBRARY_SHOTS) {
      await owner.locator('.share-score svg').first().waitFor();
      await shootLibrary(owner, 'tune-page');
    }

    // From its page into a new playlist, and on to the playlist.
    await owner.getByRole('button', { name: 'Add to a playlist' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add “Upload Test March” to a playlist' });
    await dialog.getByLabel('Name of the new playlist').fill('Competition set');
    expect(await axeViolations(owner)).toEqual([]);
    await shootLibrary(owner, 'tune-page-add-to-playlist');
    await dialog.getByRole('button', { name: 'Create and add' }).click();
    await dialog.getByRole('link', { name: 'Open “Competition set”' }).click();
    await owner.getByRole('heading', { name: 'Competition set', level: 1 }).waitFor();
    const playlistId = new URL(owner.url()).searchParams.get('id')!;
    const titles = owner.locator('.playlist-item-title');
    await expect.poll(() => titles.allInnerTexts()).toEqual(['1. Upload Test March']);

    // A built-in library tune from the playlist's library search, then an own BWW file.
    const fromLibrary = owner.locator('.playlist-add-library');
    await fromLibrary.getByLabel('Search the library').fill(LIBRARY_TUNE);
    await fromLibrary.getByRole('button', { name: 'Search' }).click();
    await fromLibrary.getByRole('button', { name: `Add “${LIBRARY_TUNE}”` }).click();
    await expect
      .poll(() => titles.allInnerTexts())
      .toEqual(['1. Upload Test March', `2. ${LIBRARY_TUNE}`]);
    await owner.getByLabel('BWW file').setInputFiles({
      name: 'my-own-reel.bww',
      mimeType: 'text/plain',
      buffer: Buffer.from(OWN_BWW),
    });
    await expect.poll(() => owner.getByLabel('Title').inputValue()).toBe('My Own Reel');
    expect(await owner.getByLabel('Type').inputValue()).toBe('reel');
    await owner.getByRole('button', { name: 'Add to playlist' }).click();
    await owner.getByText('Added “My Own Reel”.').waitFor();

    // Tempo for the reel; then the reel first, by mouse and by keyboard on its handle.
    const tempo = owner.getByRole('spinbutton', { name: 'Tempo of “My Own Reel”' });
    await tempo.fill('90');
    await tempo.blur();
    // Drag the reel's handle above the others with the mouse…
    const reelHandle = owner.getByRole('button', {
      name: /Reorder “My Own Reel”, position 3 of 3/,
    });
    const from = (await reelHandle.boundingBox())!;
    const top = (await owner.locator('.playlist-item').first().boundingBox())!;
    await owner.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await owner.mouse.down();
    await owner.mouse.move(from.x + from.width / 2, top.y + 5, { steps: 5 });
    await owner.mouse.up();
    await owner.getByText('Moved “My Own Reel” to position 1 of 3.').waitFor();
    // …then down and up again from the keyboard.
    await owner.getByRole('button', { name: /Reorder “My Own Reel”, position 1 of 3/ }).focus();
    await owner.keyboard.press('Alt+ArrowDown');
    await owner.getByText('Moved “My Own Reel” to position 2 of 3.').waitFor();
    await owner.keyboard.press('Alt+ArrowUp');
    await owner.getByText('Moved “My Own Reel” to position 1 of 3.').waitFor();
    // Every save done (they go in order) before the page is read again from the server.
    await owner.locator('ol.playlist-items[aria-busy="false"]').waitFor();
    await owner.reload();
    const order = ['1. My Own Reel', '2. Upload Test March', `3. ${LIBRARY_TUNE}`];
    await expect.poll(() => titles.allInnerTexts()).toEqual(order);
    expect(
      await owner.getByRole('spinbutton', { name: 'Tempo of “My Own Reel”' }).inputValue(),
    ).toBe('90');

    // Share.
    await owner.getByRole('button', { name: 'Create share link' }).click();
    const link = await owner.getByLabel('Share link (read-only)').inputValue();
    expect(link).toMatch(/\/playlists\/access\?token=[A-Za-z0-9_-]{43}$/);
    expect(await axeViolations(owner)).toEqual([]);
    await shoot(owner, 'playlist-editor');

    // Someone else: opens the link read-only, signs in to copy.
    const guest = await open();
    const shared = new URL(link);
    await guest.goto(url(shared.pathname + shared.search));
    await guest.getByRole('heading', { name: 'Competition set', level: 1 }).waitFor();
    expect(await guest.getByRole('spinbutton').count()).toBe(0);
    expect(await guest.locator('body').innerText()).not.toContain('owner@example.org');
    expect(await axeViolations(guest)).toEqual([]);
    await shoot(guest, 'playlist-shared');
    await guest.getByRole('link', { name: 'Sign in to copy to my playlists' }).waitFor();
    await signIn(guest, 'guest@example.org', shared.pathname + shared.search);
    await guest.getByRole('button', { name: 'Copy to my playlists' }).click();
    await guest.waitForURL((u) => u.pathname === '/playlists' && u.searchParams.has('id'));
    await guest.getByRole('heading', { name: 'Competition set', level: 1 }).waitFor();
    await expect.poll(() => guest.locator('.playlist-item-title').allInnerTexts()).toEqual(order);

    // The copy as a booklet: print media shows only the booklet, each tune on a new page.
    await guest.getByRole('link', { name: 'Print booklet' }).click();
    await guest.getByRole('heading', { name: 'Contents' }).waitFor();
    await expect
      .poll(() => guest.locator('.booklet-line svg').count(), { timeout: 20_000 })
      .toBeGreaterThan(2);
    await shoot(guest, 'playlist-booklet');
    await guest.emulateMedia({ media: 'print' });
    const print = await guest.evaluate(() => ({
      menuShown: [...document.querySelectorAll('.app-shell > :not(main)')].some(
        (e) => getComputedStyle(e).display !== 'none',
      ),
      toolbar: getComputedStyle(document.querySelector('.booklet-toolbar')!).display,
      tunes: [...document.querySelectorAll('.booklet-tune')].map(
        (e) => getComputedStyle(e).breakBefore,
      ),
      lines: [...document.querySelectorAll('.booklet-line')].every(
        (e) => getComputedStyle(e).breakInside === 'avoid',
      ),
      contents: [...document.querySelectorAll('.booklet-toc li')].map((li) => li.textContent),
    }));
    expect(print.menuShown).toBe(false);
    expect(print.toolbar).toBe('none');
    expect(print.tunes).toEqual(['page', 'page', 'page']);
    expect(print.lines).toBe(true);
    expect(print.contents).toEqual([
      expect.stringContaining('My Own Reel'),
      expect.stringContaining('Upload Test March'),
      expect.stringContaining(LIBRARY_TUNE),
    ]);
    const pdf = await guest.pdf({ format: 'A4', printBackground: true });
    await writeFile(`${SHOTS}/playlist-booklet.pdf`, pdf);
    const pageCount = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    // The contents page, then each tune from a new page (the built-in march needs two A4 pages).
    expect(pageCount).toBeGreaterThanOrEqual(4);
    expect(pageCount).toBeLessThanOrEqual(6);
    if (spawnSync('which', ['pdftoppm']).status === 0) {
      spawnSync('pdftoppm', [
        '-png',
        '-r',
        '50',
        `${SHOTS}/playlist-booklet.pdf`,
        `${SHOTS}/playlist-booklet-page`,
      ]);
    }
    await guest.emulateMedia({ media: 'screen' });

    // The owner plays the set in Sheet Music: every tune listed, ready to play.
    await owner.goto(url(`/playlists?id=${playlistId}`));
    await owner.getByRole('link', { name: 'Play in Sheet Music' }).click();
    await owner.getByRole('heading', { name: 'Set: Competition set' }).waitFor();
    await owner.getByRole('button', { name: 'Play the set' }).waitFor();
    expect(await owner.locator('.sheet-set-list li').count()).toBe(3);
    await shoot(owner, 'playlist-sheet-music');

    // Revoking stops the link at once.
    await owner.goto(url(`/playlists?id=${playlistId}`));
    await owner.getByRole('button', { name: 'Revoke link' }).click();
    await owner.getByText('Share link revoked', { exact: false }).waitFor();
    const late = await open();
    await late.goto(url(shared.pathname + shared.search));
    await late.getByRole('alert').filter({ hasText: 'revoked' }).waitFor();
    expectNoConsoleErrors(owner, 'owner');
    expectNoConsoleErrors(guest, 'guest');
  }, 240_000);
  it('issue 15.6: find by playing with the keyboard chanter lists a built-in tune from its opening notes', async () => {
    const page = await open();
    await page.goto(url('/sheet-share'));
    await page.locator('.share-result').first().waitFor();
    await shootLibrary(page, 'sheet-share');
    await page.getByRole('button', { name: 'Find a tune by playing it' }).click();
    await page
      .getByLabel('Chanter', { exact: true })
      .selectOption({ label: 'Keyboard (no microphone)' });
    // Choosing the keyboard starts it; keys go to the page, not to the chanter picker.
    await page.getByRole('button', { name: 'Stop listening' }).focus();
    // Scotland the Brave's opening melody, gracenotes left out: eight or more notes (15.6).
    const opening = ['a', 'a', 'b', 'c', 'a', 'c', 'e', 'A', 'A', 'G', 'A'];
    const entered = page.locator('.find-by-playing-notes li');
    for (const [i, key] of opening.entries()) {
      const high = key !== key.toLowerCase();
      if (high) await page.keyboard.down('Shift');
      await page.keyboard.down(key);
      await page.keyboard.up(key);
      if (high) await page.keyboard.up('Shift');
      await expect.poll(() => entered.count()).toBe(i + 1);
    }
    expect(await entered.allInnerTexts()).toEqual([
      'Low A',
      'Low A',
      'B',
      'C',
      'Low A',
      'C',
      'E',
      'High A',
      'High A',
      'High G',
      'High A',
    ]);
    const results = page.locator('.share-find-list');
    await results.getByRole('link', { name: LIBRARY_TUNE }).waitFor();
    expect((await results.locator('li').first().innerText()).startsWith(LIBRARY_TUNE)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shootLibrary(page, 'find-by-playing');
    expectNoConsoleErrors(page);
  }, 60_000);
});
