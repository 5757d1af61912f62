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

  it('issue 22.7: at 375 px the Report a Bug button covers no content on Tuner, Grace Notes, Sheet Music and Blaster', async () => {
    const page = await app.open(undefined, { width: 375, height: 667 });
    for (const path of ['/tuner', '/gracenotes', '/sheet-music', '/blaster']) {
      await page.goto(app.url(path));
      await page.locator('h1').first().waitFor();
      const button = page.getByRole('button', { name: 'Report a Bug' });
      await button.waitFor();
      // At the top of the page and scrolled to the end: a floating button moves over both.
      for (const top of [0, 1e6]) {
        const covered = await button.evaluate((own, y) => {
          window.scrollTo({ top: y, behavior: 'instant' });
          const b = own.getBoundingClientRect();
          const media = 'a,button,input,select,textarea,canvas,svg,img,video,[role="meter"]';
          const hits: string[] = [];
          for (const el of document.querySelectorAll('body *')) {
            if (
              own.contains(el) ||
              el.contains(own) ||
              (el.closest('svg') !== el && el.closest('svg'))
            )
              continue;
            const hasText = [...el.childNodes].some(
              (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
            );
            if (!hasText && !el.matches(media)) continue;
            if (getComputedStyle(el).visibility === 'hidden') continue;
            // What shows of it: clipped by every scrolling or clipping box it sits in (a
            // tune list scrolls inside its card; its hidden rows cover nothing).
            const box = el.getBoundingClientRect();
            const r = { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
            for (let a = el.parentElement; a; a = a.parentElement) {
              if (getComputedStyle(a).overflow === 'visible') continue;
              const c = a.getBoundingClientRect();
              r.left = Math.max(r.left, c.left);
              r.top = Math.max(r.top, c.top);
              r.right = Math.min(r.right, c.right);
              r.bottom = Math.min(r.bottom, c.bottom);
            }
            if (r.right <= r.left || r.bottom <= r.top) continue;
            if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom)
              hits.push(
                `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
              );
          }
          return hits;
        }, top);
        expect(covered, `${path} scrolled to ${top === 0 ? 'the top' : 'the end'}`).toEqual([]);
      }
    }
    expect(page.consoleErrors).toEqual([]);
    await closePage(page);
  });
});
