/**
 * Installable and offline (issue 18 item 1, 'Done when'): the app is loaded once online, its
 * service worker installs (precaching the app and the prerendered pages), the browser goes
 * offline (Playwright's network emulation) and reloads: the tuner hears the fake microphone,
 * flash cards run, a built-in library tune plays in Sheet Music, and a contact message sent
 * offline is kept and delivered once when the connection returns. A signed-in piper's
 * playlist and a shared playlist link opened online open offline and the set plays; a
 * feature request written offline (its human check solved in the background) is delivered
 * when the connection returns; signing out clears what the worker kept for the piper. The
 * only e2e file that allows the worker (e2e/fixtures/browser.ts blocks it for every other page).
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN_SUBMISSIONS_PATH,
  type FormName,
  type StoredSubmission,
} from '../src/contracts/forms.ts';
import { useApp } from './fixtures/harness.ts';
import { toneWav } from './fixtures/toneWav.ts';
import { closePage } from './fixtures/browser.ts';
import { repoRoot } from './fixtures/server.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
import { magicLinkSignIn } from './fixtures/magicLinkSignIn.ts';
import { setOffline } from './fixtures/networkOffline.ts';
import { USER_CACHE } from '../src/contracts/offline.ts';

const ADMIN_TOKEN = 'e2e-offline-admin-token-0123456789abcdef';
const dir = mkdtempSync(join(tmpdir(), 'chanterlab-offline-'));
// Low A, 486 Hz × 2 s: a seamless loop, as in e2e/tuner.e2e.ts.
const wav = join(dir, 'low-a-486.wav');
writeFileSync(wav, toneWav(486, 2, { partials: [1, 0.8, 0.7, 0.5, 0.45, 0.3], peak: 0.8 }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Offline use has started on this page: the outbox listens, the worker was registered. */
const offlineReady = (page: Page) =>
  page.waitForSelector('html[data-offline-ready]', { state: 'attached', timeout: 30_000 });

/** What the server stored of one form (the administrators' API). */
async function storedSubmissions(
  url: (path: string) => string,
  form: FormName,
): Promise<StoredSubmission[]> {
  const response = await fetch(url(`${ADMIN_SUBMISSIONS_PATH}?form=${form}`), {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: StoredSubmission[] }).data;
}

describe('issue 18.1: installable and offline', () => {
  const app = useApp({
    browser: { fakeMicWav: wav },
    server: { env: { ADMIN_TOKEN } },
  });

  const submissions = (form: FormName) => storedSubmissions(app.url, form);
  const storedMessages = async () => (await submissions('contact')).map((s) => s.message ?? '');

  it('issue 18.1: offline after one online visit, the tuner, flash cards and Sheet Music work and a contact message is delivered when back online', async () => {
    const page = await app.open(undefined, { serviceWorkers: 'allow' });
    await page.goto(app.url('/'));
    await offlineReady(page);
    // The worker installed: every precached file is in its cache.
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)),
    ).toBe(true);

    // Installable by Chromium's own check (Lighthouse 12 dropped its PWA category): the
    // manifest, its icons and a worker that controls the page.
    await page.reload();
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A Playwright context is an incognito profile, where Chromium never offers installing.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    await cdp.detach();

    await setOffline(page, true);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor({ state: 'attached' });
    await page.getByText("You're offline.", { exact: true }).waitFor({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);

    // The tuner: its chunk, its worklet and the page come from the worker's cache.
    await page.goto(app.url('/tuner'));
    await page.getByRole('button', { name: 'Start listening' }).click();
    await expect
      .poll(() => page.getByTestId('tuner-note').textContent(), { timeout: 15_000 })
      .toBe('Low A');
    await page.getByRole('button', { name: 'Stop listening' }).click();

    // Flash cards: the staff (VexFlow and its font) and an exercise.
    await page.goto(app.url('/flashcards'));
    await page.locator('.flash-card__staff svg').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Start Exercise' }).click();
    expect(await page.getByTestId('flash-counter').textContent()).toMatch(/^Time Remaining/);
    await page.getByRole('button', { name: 'End Exercise' }).click();

    // Sheet Music: the first built-in library tune, drawn and playing.
    await page.goto(app.url('/sheet-music'));
    await page.getByText('Library: Amazing Grace', { exact: true }).waitFor({ timeout: 15_000 });
    await page.locator('.sheet-score svg [data-note-index]').first().waitFor({ timeout: 20_000 });
    await page.getByLabel('Count-in (one bar of clicks)').uncheck();
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByText('Playing', { exact: true }).waitFor({ timeout: 5_000 });
    await page.waitForFunction(
      () => document.querySelector('.sheet-score')?.getAttribute('data-active-note') !== '',
      undefined,
      { timeout: 5_000 },
    );
    await page.getByRole('button', { name: 'Stop' }).click();

    // A contact message sent offline is kept, then delivered once the connection returns.
    const message = `Sent from the practice hall with no signal (${Date.now()})`;
    await page.goto(app.url('/contact'));
    await offlineReady(page);
    await page.getByLabel('Name').fill('Morag');
    await page.getByLabel('Email').fill('morag@example.org');
    await page.getByLabel('Message').fill(message);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page
      .getByText(
        "You're offline. Your message is kept on this device and will be sent when you're back online.",
      )
      .waitFor();
    expect(await storedMessages()).not.toContain(message);

    await setOffline(page, false);
    await expect.poll(() => storedMessages(), { timeout: 15_000 }).toContain(message);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('offline_outbox')), {
        timeout: 5_000,
      })
      .toBe('[]');
    // Another time the connection comes back sends nothing again.
    await setOffline(page, true);
    await setOffline(page, false);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect((await storedMessages()).filter((m) => m === message)).toHaveLength(1);
    await closePage(page);
  });
});

describe('issue 18.1: playlists and forms with a human check offline', () => {
  const app = useApp({ server: { env: { ADMIN_TOKEN } } });
  const submissions = (form: FormName) => storedSubmissions(app.url, form);
  const BWW = `"Hall Practice Reel",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)
& sharpf sharpc 2_2 I! LA_4 B_4 C_4 D_4 ! E_4 F_4 HG_4 HA_4 !I
`;

  /** The URLs the worker keeps for the signed-in piper, as the page sees them. */
  const userCacheUrls = (page: Page) =>
    page.evaluate(async (name) => {
      if (!(await caches.has(name))) return [];
      return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    }, USER_CACHE);

  /** OFFLINE_SHOTS=DIR: the screens this test changes, at 1280 and 375 px. */
  const SHOTS = process.env.OFFLINE_SHOTS;
  async function shoot(page: Page, name: string) {
    if (!SHOTS) return;
    await page.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(SHOTS, `${name}-375.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  it("issue 18.1: a playlist and a shared link opened online open offline and the set plays; a feature request written offline is sent when back online; signing out clears the piper's cache", async () => {
    const page = await app.open(undefined, { serviceWorkers: 'allow' });
    await page.goto(app.url('/'));
    await offlineReady(page);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active !== null);
    // Signed in through a real link: the navigation it ends with is controlled by the worker.
    await magicLinkSignIn(page, app.url(''), ADMIN_TOKEN, 'ailsa@example.org', '/playlists');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const { id, token } = await page.evaluate(async (bww) => {
      const json = { 'content-type': 'application/json' };
      const made = await fetch('/api/playlists', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Hall set', kind: 'set' }),
      });
      const playlist = ((await made.json()) as { data: { id: string } }).data;
      await fetch(`/api/playlists/${playlist.id}/items`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ source: 'file', title: 'Hall Practice Reel', bww }),
      });
      const shared = await fetch(`/api/playlists/${playlist.id}/share`, { method: 'POST' });
      return {
        id: playlist.id,
        token: ((await shared.json()) as { data: { token: string } }).data.token,
      };
    }, BWW);

    // Opened online: the playlist, its set in Sheet Music, and the shared link.
    await page.goto(app.url(`/playlists?id=${id}`));
    await page.getByRole('link', { name: 'Play in Sheet Music' }).waitFor();
    await page.goto(app.url(`/sheet-music?playlist=${id}`));
    await page.getByRole('button', { name: 'Play the set' }).waitFor({ timeout: 20_000 });
    await page.goto(app.url(`/playlists/access?token=${token}`));
    await page.getByRole('heading', { level: 1, name: 'Hall set' }).waitFor();
    await expect
      .poll(() => userCacheUrls(page))
      .toEqual(
        expect.arrayContaining([
          '/api/account/session',
          `/api/playlists/${id}`,
          `/api/shared-playlists/${token}`,
        ]),
      );

    await setOffline(page, true);
    await page.goto(app.url(`/playlists?id=${id}`));
    await page.getByText("You're offline.", { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText('Hall Practice Reel').first().waitFor({ timeout: 15_000 });
    await shoot(page, 'playlist-offline');
    await page.goto(app.url(`/playlists/access?token=${token}`));
    await page.getByRole('heading', { level: 1, name: 'Hall set' }).waitFor({ timeout: 15_000 });
    await page.goto(app.url(`/sheet-music?playlist=${id}`));
    await page.getByRole('button', { name: 'Play the set' }).click({ timeout: 20_000 });
    await page
      .getByText('Playing Hall Practice Reel', { exact: true })
      .waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop' }).click();

    // A feature request offline: its human check says it runs later, the form says it is kept.
    const title = `Offline tempo trainer ${Date.now()}`;
    await page.goto(app.url('/feature-request'));
    await offlineReady(page);
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Email').fill('ailsa@example.org');
    await page.getByLabel('Description').fill('Written in the practice hall with no signal.');
    await page.getByText('The human check will run by itself', { exact: false }).waitFor();
    await shoot(page, 'feature-request-offline');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page
      .getByText(
        "You're offline. Your feature request is kept on this device and will be sent when you're back online.",
      )
      .waitFor();
    // The frame's offline notice arrives with its lazy chunk after offline use starts and fades
    // in: scanned as it appeared mid-scan, its blended colours failed color-contrast under load.
    await page.locator('.app-offline').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'feature-request-kept');
    expect((await submissions('feature-request')).map((s) => s.title)).not.toContain(title);

    // Back online: a challenge is fetched and solved in the background, the request is sent.
    await setOffline(page, false);
    await page
      .getByText('Back online: your feature request kept on this device was sent.')
      .waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'sent-notice');
    expect((await submissions('feature-request')).map((s) => s.title)).toContain(title);

    // Signing out clears what the worker kept for the piper.
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await expect
      .poll(async () => (await userCacheUrls(page)).filter((u) => u.includes('playlists')))
      .toEqual([]);
    await closePage(page);
  });
});

describe('issue 18.1: a new version is announced and waits for Reload', () => {
  // A copy of the build whose sw.js the test changes, as a deployment of a new version would.
  const staticDir = join(dir, 'dist');
  cpSync(join(repoRoot, process.env.STATIC_DIR ?? 'dist'), staticDir, { recursive: true });
  const app = useApp({ server: { env: { STATIC_DIR: staticDir } } });
  const SHOTS = process.env.OFFLINE_SHOTS;

  it("issue 18.1: 'A new version is ready — Reload'; the page keeps its version until Reload", async () => {
    const page = await app.open(undefined, { serviceWorkers: 'allow', width: 375, height: 800 });
    await page.goto(app.url('/metronome'));
    await offlineReady(page);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active !== null);
    await page.reload();
    const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(first).toMatch(/\/sw\.js$/);

    // Deploy a new version: another sw.js (and no stale precompressed copy of the old one).
    appendFileSync(join(staticDir, 'sw.js'), '\n// next version\n');
    rmSync(join(staticDir, 'sw.js.br'), { force: true });
    rmSync(join(staticDir, 'sw.js.gz'), { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const banner = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toBe('A new version is ready — Reload');
    // Waiting, not swapped in: the page still runs on the worker it loaded with.
    expect(
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return reg?.waiting !== null && navigator.serviceWorker.controller === reg?.active;
      }),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'update-375.png') });
    if (SHOTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: join(SHOTS, 'update-1280.png') });
    }

    // Reload: the new worker takes over and the page reloads onto it.
    await Promise.all([
      page.waitForEvent('load', { timeout: 30_000 }),
      banner.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return reg?.waiting === null && navigator.serviceWorker.controller !== null;
        }),
      )
      .toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Metronome' }).waitFor();
    expect(await page.getByText('A new version is ready').count()).toBe(0);

    if (SHOTS) {
      await setOffline(page, true);
      await page.reload();
      await page.getByText("You're offline.", { exact: true }).waitFor({ timeout: 15_000 });
      await page.screenshot({ path: join(SHOTS, 'offline-1280.png') });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: join(SHOTS, 'offline-375.png') });
      expect(await axeViolations(page)).toEqual([]);
    }
    await closePage(page);
  });
});
