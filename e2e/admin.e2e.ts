/**
 * The admin pages in Chromium (issue 8 parts 2, 5–7): refused without ADMIN_TOKEN, readable
 * with it; the error reports and analytics they show come from real browser pages (error
 * reports to our own endpoint, page views by sendBeacon), and Do Not Track sends nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN_ANALYTICS_PATH,
  ADMIN_CLIENT_ERRORS_PATH,
  ADMIN_FEEDBACK_PATH,
  type AnalyticsSummary,
  type StoredClientError,
} from '../src/contracts/monitoring.ts';
import { ADMIN_SUBMISSIONS_PATH } from '../src/contracts/forms.ts';
import { closePage } from './fixtures/browser.ts';
import { useApp } from './fixtures/harness.ts';
import { axeViolations } from './fixtures/axeViolations.ts';

const ADMIN_TOKEN = 'e2e-admin-pages-token-0123456789abcdef';
const REFUSED = 'Only administrators can read this page.';

describe('admin pages', () => {
  const app = useApp({ server: { env: { ADMIN_TOKEN } } });

  const asAdmin = (path: string) =>
    fetch(app.url(path), { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });

  async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const value = await read();
      if (ok(value) || Date.now() > deadline) return value;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  const axe = (page: Page) => axeViolations(page, { tags: ['wcag2a', 'wcag2aa'] });

  it('R-6.ROLES-10 every admin endpoint refuses a caller without the token', async () => {
    for (const path of [
      ADMIN_SUBMISSIONS_PATH,
      ADMIN_FEEDBACK_PATH,
      ADMIN_CLIENT_ERRORS_PATH,
      ADMIN_ANALYTICS_PATH,
    ]) {
      expect((await fetch(app.url(path))).status, path).toBe(403);
      expect((await asAdmin(path)).status, path).toBe(200);
    }
  });

  it('R-7.MONITOR-01 R-3.ANALYTICS-08 browser errors and page views arrive; the admin pages show them with the token only', async () => {
    const visitor = await app.open('/');
    await visitor.getByRole('heading', { level: 1 }).first().waitFor();
    // The view of '/' is recorded once the lazily loaded analytics module has run; leaving
    // before (a busy machine loads it late) records nothing, as for a real visitor.
    await visitor.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => /\/analytics-[^/]+\.js$/.test(e.name)),
    );
    // A string, so the test runner does not rewrite the page's import().
    await visitor.evaluate(`(async () => {
      const chunk = performance.getEntriesByType('resource')
        .find((e) => /\\/analytics-[^/]+\\.js$/.test(e.name)).name;
      await import(chunk);
      await new Promise((resolve) => setTimeout(resolve, 0));
    })()`);
    await visitor.goto(app.url('/metronome'));
    await visitor.getByRole('heading', { name: 'Metronome', level: 1 }).waitFor();
    // An uncaught error in the page: reported to our own endpoint.
    await visitor.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e: an uncaught error');
      }, 0);
    });
    const errors = await until(
      async () =>
        ((await (await asAdmin(ADMIN_CLIENT_ERRORS_PATH)).json()) as { data: StoredClientError[] })
          .data,
      (rows) => rows.some((r) => r.message.includes('e2e: an uncaught error')),
    );
    const reported = errors.find((r) => r.message.includes('e2e: an uncaught error'));
    expect(reported?.url).toBe(app.url('/metronome'));
    expect(reported?.context).toMatchObject({ source: 'window' });
    // The view of '/' left by sendBeacon when that page was hidden by the navigation; the view of
    // /metronome leaves by the flush timer (FLUSH_DELAY_MS) while the page stays open. Closing
    // the browser context first raced its teardown against the beacon and lost it under load.
    const summary = await until(
      async () => (await (await asAdmin(ADMIN_ANALYTICS_PATH)).json()) as AnalyticsSummary,
      (s) => s.topPages.some((p) => p.label === '/metronome') && s.byKind.error >= 1,
    );
    expect(summary.topPages.map((p) => p.label)).toEqual(
      expect.arrayContaining(['/', '/metronome']),
    );
    expect(summary.byKind.error).toBeGreaterThanOrEqual(1);
    await closePage(visitor);

    const admin = await app.open('/admin/analytics', { width: 390, height: 844 });
    await admin.getByText(REFUSED).waitFor();
    await admin.getByLabel('Administrator token').fill('not-the-token-0123456789abcdef');
    await admin.getByRole('button', { name: 'Continue' }).click();
    await admin
      .getByText('The administrator token given was not accepted.', { exact: false })
      .waitFor();
    await admin.getByLabel('Administrator token').fill(ADMIN_TOKEN);
    await admin.getByRole('button', { name: 'Continue' }).click();
    await admin.getByRole('img', { name: /^Events per day: \d+ in 30 days/ }).waitFor();
    await admin.getByRole('heading', { name: 'Top pages' }).waitFor();
    expect(await admin.getByText('/metronome', { exact: true }).count()).toBeGreaterThan(0);
    expect(await axe(admin)).toEqual([]);

    // The token lasts while moving between admin pages.
    await admin.getByRole('link', { name: 'Error reports' }).click();
    await admin.getByText('e2e: an uncaught error', { exact: false }).first().waitFor();
    expect(await axe(admin)).toEqual([]);
    await admin.getByRole('link', { name: 'Submissions' }).click();
    await admin.getByRole('button', { name: 'Contact' }).waitFor();
    expect(await axe(admin)).toEqual([]);
    await closePage(admin);
  });

  it('a contact message and a feedback report show on the submissions page', async () => {
    const response = await fetch(app.url('/'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        'form-name': 'contact',
        name: 'Morag Piper',
        email: 'morag@example.org',
        message: 'How do I tune my drones?',
        honeypot: '',
      }).toString(),
    });
    expect(response.status).toBe(200);
    await fetch(app.url('/api/feedback'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'The tuner sticks.' }),
    });
    const page = await app.open('/admin/submissions', { width: 1280, height: 800 });
    await page.getByLabel('Administrator token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'From Morag Piper' }).waitFor();
    await page.getByText('How do I tune my drones?').waitFor();
    await page.getByRole('button', { name: 'Bug reports (widget)' }).click();
    await page.getByText('The tuner sticks.').waitFor();
    await closePage(page);
  });

  it('R-3.ANALYTICS-08 page views leave by sendBeacon when the page goes; with Do Not Track nothing is sent', async () => {
    const viewsOf = async (path: string) => {
      const summary = (await (await asAdmin(ADMIN_ANALYTICS_PATH)).json()) as AnalyticsSummary;
      return summary.topPages.find((p) => p.label === path)?.count ?? 0;
    };
    async function visit(path: string, doNotTrack: boolean): Promise<void> {
      const page = await app.open();
      if (doNotTrack) {
        await page.addInitScript(() => {
          Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' });
        });
      }
      await page.goto(app.url(path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The page view is queued once the lazily imported analytics chunk has arrived
      // (useSiteTelemetry); the prerendered heading is there long before it (issue 21.1).
      await page.waitForFunction(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/analytics-[^/]+\.js$/.test(entry.name)),
      );
      // A full navigation hides the page: its queued page view leaves then (pagehide).
      await page.goto(app.url('/about-us'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await closePage(page);
    }
    await visit('/credits', false);
    expect(
      await until(
        () => viewsOf('/credits'),
        (n) => n > 0,
      ),
    ).toBe(1);
    await visit('/resources', true);
    // Give a beacon every chance to arrive (the flush delay is 5 s); none may.
    await new Promise((r) => setTimeout(r, 6000));
    expect(await viewsOf('/resources')).toBe(0);
  });
});
