/**
 * The practice history end to end (issue 18 items 2 and 3, 'Done when'): a keyboard-chanter
 * Play Along run made while the browser is offline is recorded, appears on /progress, and
 * syncs when the browser is back online; a second browser context signed in to the same
 * account shows the same history. /progress with data and empty is axe clean.
 *
 * PROGRESS_SHOTS=DIR also saves screenshots of /progress, with data and empty, at 1280 and
 * 375 px.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './fixtures/axeViolations.ts';
import { expectNoConsoleErrors, useApp, type App } from './fixtures/harness.ts';
import { magicLinkSignIn } from './fixtures/magicLinkSignIn.ts';

const ADMIN_TOKEN = 'e2e-progress-admin-token-0123456789abcdef';
const SHOTS = process.env.PROGRESS_SHOTS;
const EMAIL = 'piper.progress@example.org';
const TUNE_FILE = 'progress-test.bww';
// Eight notes written for this test (wait mode: the cursor waits for each).
const TITLE = 'Progress Test Reel';
const BWW = `Bagpipe Reader:1.0
"${TITLE}",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)
& sharpf sharpc 4_4 LA_4 B_4 C_4 D_4 ! E_4 F_4 HG_4 HA_4 !I
`;
const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'Shift+G', 'Shift+A'];

const signIn = (app: App, page: Page, email: string, target: string) =>
  magicLinkSignIn(page, app.server.url, ADMIN_TOKEN, email, target);

const status = (page: Page) => page.locator('.progress-status');

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('practice history and /progress', () => {
  const app = useApp({ server: { env: { ADMIN_TOKEN } } });

  it('issue 18.2/18.3: a play-along run made offline appears on /progress, syncs back online, and a second signed-in browser shows it', async () => {
    const phone = await app.open();
    await signIn(app, phone, EMAIL, '/play-along');
    await phone.getByRole('heading', { name: 'Play Along', level: 1 }).waitFor();
    await phone.getByRole('button', { name: 'Keyboard chanter' }).click();
    await phone.getByLabel('Open a .bww file').setInputFiles({
      name: TUNE_FILE,
      mimeType: 'text/plain',
      buffer: Buffer.from(BWW),
    });
    await phone.locator('.playalong-score [data-render-ms]').first().waitFor();
    await phone.getByLabel(/Wait mode/).check();

    // Airplane mode for the whole run: its sync after the session fails, nothing is lost.
    await phone.context().setOffline(true);
    await phone.getByRole('button', { name: 'Start' }).click();
    const score = phone.locator('.playalong-score');
    for (const [i, key] of KEYS.entries()) {
      await expect.poll(() => score.getAttribute('data-cursor')).toBe(String(i));
      await phone.keyboard.press(key);
    }
    await phone.getByRole('heading', { name: 'How it went' }).waitFor();
    // The record is in IndexedDB, and its id waits in the unsynced store.
    const stored = () =>
      phone.evaluate(
        () =>
          new Promise<{ rows: unknown[]; unsynced: unknown[] }>((resolve, reject) => {
            const open = indexedDB.open('chanterlab-practice');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const tx = open.result.transaction(['sessions', 'unsynced']);
              const rows = tx.objectStore('sessions').getAll();
              const unsynced = tx.objectStore('unsynced').getAllKeys();
              tx.oncomplete = () => resolve({ rows: rows.result, unsynced: unsynced.result });
              tx.onerror = () => reject(tx.error);
            };
          }),
      );
    await expect.poll(async () => (await stored()).rows.length).toBe(1);
    const offline = await stored();
    expect(offline.rows).toEqual([
      expect.objectContaining({
        record: expect.objectContaining({
          tool: 'playAlong',
          notesPlayed: 8,
          accuracy: 1,
          tune: { id: TUNE_FILE, title: TITLE },
        }),
      }),
    ]);
    expect(offline.unsynced).toEqual([(offline.rows[0] as { id: string }).id]);

    await phone.context().setOffline(false);
    // Back online, before any reload: the 'online' event alone sends it to the account.
    await expect
      .poll(() =>
        phone.evaluate(async () => {
          const answer = await fetch('/api/practice-history', { cache: 'no-store' });
          return ((await answer.json()) as { data: { records: unknown[] } }).data.records.length;
        }),
      )
      .toBe(1);
    expect((await stored()).unsynced).toEqual([]);
    await phone.goto(app.url('/progress'));
    await phone.getByRole('heading', { name: 'Progress', level: 1 }).waitFor();
    await expect.poll(() => status(phone).textContent()).toMatch(/1 session recorded\. All synced/);
    const tempoRow = phone.getByRole('row', { name: new RegExp(TITLE) });
    await tempoRow.waitFor();
    expect(await phone.locator('.progress-stat-value').first().textContent()).toBe('1');
    expect(await axeViolations(phone)).toEqual([]);
    await shoot(phone, 'progress-data');
    expectNoConsoleErrors(phone);

    // A second device: the same account shows the same history.
    const laptop = await app.open();
    await signIn(app, laptop, EMAIL, '/progress');
    await laptop.getByRole('heading', { name: 'Progress', level: 1 }).waitFor();
    await expect
      .poll(() => status(laptop).textContent())
      .toMatch(/1 session recorded\. All synced/);
    await laptop.getByRole('row', { name: new RegExp(TITLE) }).waitFor();
    expectNoConsoleErrors(laptop);
  }, 120_000);

  it('issue 18.3: /progress empty is honest and axe clean', async () => {
    const page = await app.open('/progress');
    await page.getByRole('heading', { name: 'Progress', level: 1 }).waitFor();
    await expect.poll(() => status(page).textContent()).toMatch(/No practice recorded yet/);
    expect(await page.getByText('Play a few more sessions to see a trend.').count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'progress-empty');
    expectNoConsoleErrors(page);
  }, 60_000);
});
