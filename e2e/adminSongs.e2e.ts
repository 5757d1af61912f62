/**
 * Manage Songs in Chromium (issue 15 item 8; spec §2.1 `/admin-songs`): refused without the
 * administrator token; with it, a curator sees a pending setting's rendered music, rejects
 * one with a reason (asked in a dialog), approves another, dismisses a copyright report,
 * features a tune, and finds every action in the audit log — keyboard reachable and axe clean at phone and desktop widths.
 * The library rows are written into the server's data directory before it starts: uploads
 * are the library routes' (another item), and curation starts from what is in the database.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/server/db/client.ts';
import { closePage, launchBrowser, newPage } from './fixtures/browser.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
import { expectNoConsoleErrors } from './fixtures/harness.ts';
import { startServer, type StartedServer } from './fixtures/server.ts';

const ADMIN_TOKEN = 'e2e-admin-songs-token-0123456789abcdef';
// Small tunes written for this test (not taken from any collection).
const MARCH = `"Curation Test March",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)
& sharpf sharpc 2_4 I!'' LA_4 B_4 ! C_4 dbe E_4 ! F_4 HG_4 ! HA_2 ''!I
`;
const REEL = `"Curation Test Reel",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)
& sharpf sharpc C LA_8 B_8 C_8 D_8 ! E_8 F_8 HG_8 HA_8 !t
`;

async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, fsync: false });
  try {
    await database.rows(
      sql`insert into "user" (id, name, email) values ('e2e-alice', 'Alice Piper', 'alice@example.org')`,
    );
    for (const [slug, title, type, time, bww, minutes] of [
      ['curation-test-march', 'Curation Test March', '2/4 march', '2/4', MARCH, 20],
      ['curation-test-reel', 'Curation Test Reel', 'reel', 'C', REEL, 10],
    ] as const) {
      await database.rows(
        sql`with tune as (
              insert into library_tunes (slug, title, type, time_signature, search_text)
              values (${slug}, ${title}, ${type}, ${time}, ${title.toLowerCase()}) returning id)
            insert into library_settings (tune_id, bww, licence, attribution, source, uploader_id, visibility, created_at)
            select id, ${bww}, 'cc-by', 'Alice Piper', 'Written for this test', 'e2e-alice', 'pending',
                   now() - make_interval(mins => ${minutes})
            from tune`,
      );
    }
    // A public setting a copyright report hid (the library routes set hidden_from on hiding).
    await database.rows(
      sql`with tune as (
            insert into library_tunes (slug, title, type, time_signature, search_text)
            values ('curation-test-jig', 'Curation Test Jig', 'jig', '6/8', 'curation test jig')
            returning id),
          setting as (
            insert into library_settings (tune_id, bww, licence, source, uploader_id, visibility, hidden_from)
            select id, ${MARCH}, 'public-domain', 'An old book', 'e2e-alice', 'hidden', 'public' from tune
            returning id)
          insert into library_reports (setting_id, kind, message, client_key)
          select id, 'copyright', 'I think this is still in copyright.', 'e2e' from setting`,
    );
  } finally {
    await database.close();
  }
}

describe('Manage Songs (issue 15.8)', () => {
  let dataDir = '';
  let server: StartedServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'chanterlab-e2e-songs-'));
    await cp(inject('e2eDataTemplate'), dataDir, { recursive: true });
    await seed(dataDir);
    [server, browser] = await Promise.all([
      startServer({ dataDir, env: { ADMIN_TOKEN } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const axe = (page: Page) => axeViolations(page);

  it('issue 15.8: a curator rejects with a reason, approves, dismisses a report, features, and reads the audit log, by keyboard, axe clean at 375 and 1280 px', async () => {
    const page = await newPage(browser!, { width: 375, height: 812 });
    await page.goto(`${server!.url}/admin-songs`);
    await page.getByRole('heading', { level: 1, name: 'Manage Songs' }).waitFor();
    await page.getByText('Only administrators can manage the tune library.').waitFor();
    expect(await axe(page)).toEqual([]);
    await page.getByLabel('Administrator token').fill(ADMIN_TOKEN);
    await page.keyboard.press('Enter');

    // The queue, oldest first: the march's music is drawn by the app's score renderer.
    const march = page.getByRole('article', { name: 'Curation Test March, setting' });
    await march.waitFor();
    await march.locator('svg').first().waitFor();
    await expect.poll(() => march.locator('svg .vf-notehead').count()).toBeGreaterThan(0);
    await page.getByText('alice@example.org').first().waitFor();
    expect(await axe(page)).toEqual([]);

    // Reject by keyboard: the dialog asks for the reason.
    await march.getByRole('button', { name: 'Reject…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reject “Curation Test March”' });
    await dialog.waitFor();
    expect(await axe(page)).toEqual([]);
    await page.keyboard.type('The composer is living: keep it private.');
    await dialog.getByRole('button', { name: 'Reject and tell the uploader' }).click();
    await page.getByText('Rejected “Curation Test March”; the reason was mailed').waitFor();

    const reel = page.getByRole('article', { name: 'Curation Test Reel, setting' });
    await reel.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Nothing is waiting for review.').waitFor();

    // Reports: a copyright report dismissed gives the hidden setting back its public state.
    await page.getByRole('tab', { name: 'Queue' }).focus();
    await page.keyboard.press('ArrowRight');
    const report = page.getByRole('article', { name: 'Curation Test Jig, setting' });
    await report.getByText('I think this is still in copyright.').waitFor();
    await report.getByText('Hidden while a report is reviewed').waitFor();
    expect(await axe(page)).toEqual([]);
    await report.getByLabel(/^Note/).fill('Traditional: printed in 1880.');
    await report.getByRole('button', { name: 'Dismiss: keep it' }).click();
    await page.getByText('Report dismissed: “Curation Test Jig” is public again.').waitFor();
    await page.getByText('No open reports.').waitFor();

    // Tunes at desktop width: feature the reel.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: 'Reports' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tabpanel', { name: 'Tunes' }).waitFor();
    await page.getByRole('button', { name: 'Feature Curation Test Reel' }).click();
    await page.getByRole('button', { name: 'Unfeature Curation Test Reel' }).waitFor();
    expect(await axe(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Tunes' }).focus();
    await page.keyboard.press('End');
    await page.getByRole('tabpanel', { name: 'Audit log' }).waitFor();
    await page.getByText('Featured “Curation Test Reel”').waitFor();
    await page.getByText('Dismissed a copyright report on “Curation Test Jig”').waitFor();
    await page.getByText('Approved a setting of “Curation Test Reel”').waitFor();
    await page
      .getByText('Rejected a setting of “Curation Test March”: The composer is living')
      .waitFor();
    expect(await page.getByText('admin token').count()).toBe(4);
    expect(await axe(page)).toEqual([]);
    expectNoConsoleErrors(page);
    await closePage(page);
  });
});
