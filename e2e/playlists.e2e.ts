/**
 * Playlists in Chromium against the real server (issue 15 item 7 and the 'Done when' flow,
 * from the playlist on): a signed-in piper makes a set of a library tune and an own BWW file,
 * sets a tempo, reorders by keyboard, shares the link; a second browser context opens it
 * read-only, signs in and copies it; the copy prints as a booklet (a contents page, each
 * tune on its own page); the owner plays the set in Sheet Music and revokes the link, which
 * stops working at once.
 *
 * The library tune is put in the data directory before the server starts (the library's
 * seeding and search are other items of issue 15; this file needs one public setting).
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountApi, AUTH_API, type OutboxMessage } from '../src/contracts/account.ts';
import { CAPTCHA_CHALLENGE_PATH } from '../src/contracts/forms.ts';
import { libraryTunes } from '../src/music/library/libraryTunes.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
import { launchBrowser, newPage, type TestPage } from './fixtures/browser.ts';
import { expectNoConsoleErrors } from './fixtures/harness.ts';
import { startServer, type StartedServer } from './fixtures/server.ts';

const SHOTS = process.env.PLAYLIST_SHOTS ?? '.tmp/screenshots';
const ADMIN_TOKEN = 'e2e-playlists-admin-token-0123456789abcdef';
const TUNE = libraryTunes.find((t) => t.id === 'scotland-the-brave') ?? libraryTunes[0]!;
const OWN_BWW = `"My Own Reel",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)
"Reel",(Y,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)
& sharpf sharpc 2_2 I! LA_4 B_4 C_4 D_4 ! E_4 F_4 HG_4 HA_4 !
& HA_4 HG_4 F_4 E_4 ! D_4 C_4 B_4 LA_4 !I
`;

let server: StartedServer;
let browser: Browser;
let dataDir: string;
let settingId: string;
const pages: TestPage[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'chanterlab-e2e-playlists-'));
  await cp(inject('e2eDataTemplate'), dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  const [tune] = await database.rows<{ id: string }>(
    sql`insert into library_tunes (slug, title, type, time_signature, search_text)
        values ('e2e-library-tune', ${TUNE.title}, '4/4 march', '4/4', ${TUNE.title.toLowerCase()})
        returning id`,
  );
  const [setting] = await database.rows<{ id: string }>(
    sql`insert into library_settings (tune_id, bww, licence, visibility)
        values (${tune!.id}, ${TUNE.bww}, 'public-domain', 'public') returning id`,
  );
  settingId = setting!.id;
  await database.close();
  [server, browser] = await Promise.all([
    startServer({ dataDir, env: { ADMIN_TOKEN } }),
    launchBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(pages.map((p) => p.context().close()));
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const url = (path: string) => server.url + path;

async function open(width = 1280): Promise<TestPage> {
  const page = await newPage(browser, { width, height: 900 });
  pages.push(page);
  return page;
}

/** Signs `email` in on `page` through a real magic link, landing on `target`. */
async function signIn(page: Page, email: string, target: string): Promise<void> {
  const challenge = (await (await fetch(url(CAPTCHA_CHALLENGE_PATH))).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
  const asked = await fetch(url(`${AUTH_API}/sign-in/magic-link`), {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      callbackURL: `/auth/callback?redirect=${encodeURIComponent(target)}`,
      altcha,
    }),
  });
  expect(asked.status).toBe(200);
  const outbox = await fetch(url(`${accountApi.outbox}?to=${encodeURIComponent(email)}`), {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const [message] = ((await outbox.json()) as { messages: OutboxMessage[] }).messages;
  const link = new URL(/https?:\/\/\S+/.exec(message!.text)![0]);
  await page.goto(url(link.pathname + link.search));
  await page.waitForURL((u) => u.pathname + u.search === target, { timeout: 20_000 });
}

async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('playlists (issue 15 item 7)', () => {
  it('issue 15.7: make a set, share it, open and copy it in another context, print the booklet, play it, revoke the link', async () => {
    // The owner: sign in, create a set.
    const owner = await open();
    await signIn(owner, 'owner@example.org', '/playlists');
    await owner.getByRole('heading', { name: 'Playlists', level: 1 }).waitFor();
    await owner.getByLabel('Name').fill('Competition set');
    await owner.getByRole('button', { name: 'Create playlist' }).click();
    await owner.getByRole('heading', { name: 'Competition set', level: 1 }).waitFor();
    const playlistId = new URL(owner.url()).searchParams.get('id')!;

    // A library tune (the search route is another item: added through the same API call the
    // search results' Add button makes) and an own BWW file through the form.
    const added = await owner.evaluate(
      async ([id, setting]) =>
        (
          await fetch(`/api/playlists/${id}/items`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ source: 'library', settingId: setting }),
          })
        ).status,
      [playlistId, settingId] as const,
    );
    expect(added).toBe(200);
    await owner.reload();
    await owner.getByLabel('BWW file').setInputFiles({
      name: 'my-own-reel.bww',
      mimeType: 'text/plain',
      buffer: Buffer.from(OWN_BWW),
    });
    await expect.poll(() => owner.getByLabel('Title').inputValue()).toBe('My Own Reel');
    expect(await owner.getByLabel('Type').inputValue()).toBe('reel');
    await owner.getByRole('button', { name: 'Add to playlist' }).click();
    await owner.getByText('Added “My Own Reel”.').waitFor();

    // Tempo for the reel; then the reel first, by keyboard on its handle.
    const tempo = owner.getByRole('spinbutton', { name: 'Tempo of “My Own Reel”' });
    await tempo.fill('90');
    await tempo.blur();
    // Drag the reel's handle above the march with the mouse…
    const reelHandle = owner.getByRole('button', {
      name: /Reorder “My Own Reel”, position 2 of 2/,
    });
    const from = (await reelHandle.boundingBox())!;
    const top = (await owner.locator('.playlist-item').first().boundingBox())!;
    await owner.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await owner.mouse.down();
    await owner.mouse.move(from.x + from.width / 2, top.y + 5, { steps: 5 });
    await owner.mouse.up();
    await owner.getByText('Moved “My Own Reel” to position 1 of 2.').waitFor();
    // …then down and up again from the keyboard.
    await owner.getByRole('button', { name: /Reorder “My Own Reel”, position 1 of 2/ }).focus();
    await owner.keyboard.press('Alt+ArrowDown');
    await owner.getByText('Moved “My Own Reel” to position 2 of 2.').waitFor();
    await owner.keyboard.press('Alt+ArrowUp');
    await owner.getByText('Moved “My Own Reel” to position 1 of 2.').waitFor();
    // Every save done (they go in order) before the page is read again from the server.
    await owner.locator('ol.playlist-items[aria-busy="false"]').waitFor();
    await owner.reload();
    const titles = owner.locator('.playlist-item-title');
    await expect.poll(() => titles.allInnerTexts()).toEqual([`1. My Own Reel`, `2. ${TUNE.title}`]);
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
    await expect
      .poll(() => guest.locator('.playlist-item-title').allInnerTexts())
      .toEqual([`1. My Own Reel`, `2. ${TUNE.title}`]);

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
    expect(print.tunes).toEqual(['page', 'page']);
    expect(print.lines).toBe(true);
    expect(print.contents).toEqual([
      expect.stringContaining('My Own Reel'),
      expect.stringContaining(TUNE.title),
    ]);
    const pdf = await guest.pdf({ format: 'A4', printBackground: true });
    await writeFile(`${SHOTS}/playlist-booklet.pdf`, pdf);
    const pageCount = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    // The contents page, then each tune from a new page (the march needs two A4 pages).
    expect(pageCount).toBeGreaterThanOrEqual(3);
    expect(pageCount).toBeLessThanOrEqual(5);
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
    expect(await owner.locator('.sheet-set-list li').count()).toBe(2);
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
});
