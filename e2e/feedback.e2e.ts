/**
 * The feedback widget in Chromium against the real server (spec §2.4, §4, §5, §8 'Feedback
 * widget'; issue 8 part 5): the floating button, the messages, the report stored and readable
 * by administrators, and the thank-you note.
 */
import { describe, expect, it } from 'vitest';
import {
  ADMIN_FEEDBACK_PATH,
  feedbackMessages,
  type StoredFeedback,
} from '../src/contracts/monitoring.ts';
import { closePage } from './fixtures/browser.ts';
import { useApp } from './fixtures/harness.ts';
import { axeViolations } from './fixtures/axeViolations.ts';

const ADMIN_TOKEN = 'e2e-feedback-admin-token-0123456789abcdef';

describe('feedback widget', () => {
  const app = useApp({ server: { env: { ADMIN_TOKEN } } });

  async function stored(): Promise<StoredFeedback[]> {
    const response = await fetch(app.url(ADMIN_FEEDBACK_PATH), {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: StoredFeedback[] }).data;
  }

  it("R-2.4.FEEDBACK-01..03 R-5.FEEDBACK-04 R-5.FEEDBACK-05 R-8.FEEDBACK-02 R-8.FEEDBACK-04 a report goes from the floating button to the admin's list", async () => {
    const page = await app.open('/tuner', { width: 390, height: 800 });
    const open = page.getByRole('button', { name: 'Report a Bug' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Report a Bug' });
    await dialog.waitFor();
    expect(await open.count()).toBe(0);
    expect(await page.getByText('Description (required)').count()).toBe(1);

    await page.getByRole('button', { name: 'Send Bug Report' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(
      `${feedbackMessages.missingFields} Description`,
    );
    await page.getByLabel('Description').fill('   ');
    await page.getByRole('button', { name: 'Send Bug Report' }).click();
    await page.getByText(feedbackMessages.emptyMessage).waitFor();

    expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'] })).toEqual([]);

    await page.getByLabel('Name').fill('Iain');
    await page.getByLabel('Email').fill('iain@example.org');
    await page.getByLabel('Description').fill('The tuner needle sticks on High A.');
    await page.getByRole('button', { name: 'Send Bug Report' }).click();
    const thanks = page.getByText(feedbackMessages.thanks);
    await thanks.waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Report a Bug' }).isVisible()).toBe(true);

    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Iain',
      email: 'iain@example.org',
      message: 'The tuner needle sticks on High A.',
    });
    expect(rows[0]?.url).toBe(app.url('/tuner'));

    await thanks.click();
    expect(await thanks.count()).toBe(0);
    expect(page.consoleErrors).toEqual([]);
    await closePage(page);
  });

  it('R-8.FEEDBACK-01 R-8.FEEDBACK-03 a failure says so; a success note leaves by itself', async () => {
    const page = await app.open('/');
    await page.route(app.url('/api/feedback'), (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Report a Bug' }).click();
    await page.getByLabel('Description').fill('Metronome drifts.');
    await page.getByRole('button', { name: 'Send Bug Report' }).click();
    await page.getByText(feedbackMessages.failed).waitFor();
    await page.unroute(app.url('/api/feedback'));
    await page.getByRole('button', { name: 'Send Bug Report' }).click();
    const thanks = page.getByText(feedbackMessages.thanks);
    await thanks.waitFor();
    // Spec §9: 5000 ms; waiting for it to go needs no exact timing.
    await thanks.waitFor({ state: 'detached', timeout: 15_000 });
    await closePage(page);
  });
});
