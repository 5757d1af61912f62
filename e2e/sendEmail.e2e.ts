/**
 * The Send Email dialog in Chromium against the real server (spec §2.4 'Send Email', §4, §5;
 * issue 8 part 4), on the developer page /template1: the check is required (Send disabled),
 * the message relayed, a replayed solution refused.
 */
import { describe, expect, it } from 'vitest';
import { formMessages } from '../src/contracts/forms.ts';
import { SEND_EMAIL_PATH, sendEmailMessages } from '../src/contracts/sendEmail.ts';
import { closePage } from './fixtures/browser.ts';
import { useApp } from './fixtures/harness.ts';
import { axeViolations } from './fixtures/axeViolations.ts';

describe('Send Email dialog', () => {
  const app = useApp({
    server: { env: { SITE_OWNER_EMAIL: 'owner@chanterlab.example', TRUST_PROXY: 'loopback' } },
  });

  it('R-2.4.EMAILDLG-01..08 R-4.EMAILDLG-01 R-4.EMAILDLG-02 R-5.EMAILDLG-01..05 the human check is required, the message relayed, a replayed solution refused', async () => {
    const page = await app.open('/template1', { width: 390, height: 844 });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === SEND_EMAIL_PATH)
        posts.push(r.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Email the Chanterlab team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    await dialog.waitFor();
    const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(420);
    expect(await page.getByLabel('To').inputValue()).toBe('Chanterlab team');
    expect(await page.getByLabel('To').getAttribute('readonly')).not.toBeNull();

    const send = page.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await page.getByText(formMessages.humanCheckRequired).waitFor();

    await page.getByLabel('Message').fill('Do you know a tutor in Inverness?');
    await page.getByLabel('Your email').fill('morag.example.org');
    await page.locator('altcha-widget input[type="checkbox"]').click();
    await page.waitForFunction(
      () =>
        (
          document.querySelector('altcha-widget') as unknown as { getState(): string }
        )?.getState() === 'verified',
      undefined,
      { timeout: 30_000 },
    );
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await page.getByText(sendEmailMessages.invalidEmail).waitFor();
    expect(posts).toEqual([]);

    expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'] })).toEqual([]);

    await page.getByLabel('Your email').fill('morag@example.org');
    await send.click();
    await page.getByText(sendEmailMessages.sent).waitFor();
    expect(posts).toHaveLength(1);
    const body = JSON.parse(posts[0] ?? '{}') as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['captchaToken', 'email', 'message', 'recipientId']);
    expect(body.recipientId).toBe('site-owner');
    // The page never learns the owner's address.
    expect(await page.content()).not.toContain('owner@chanterlab.example');

    const replay = await fetch(app.url(SEND_EMAIL_PATH), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.20' },
      body: JSON.stringify(body),
    });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: { message: string } }).error.message).toBe(
      formMessages.humanCheckUsed,
    );
    const { captchaToken: _token, ...unsolved } = body;
    const missing = await fetch(app.url(SEND_EMAIL_PATH), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.21' },
      body: JSON.stringify(unsolved),
    });
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      formMessages.humanCheckRequired,
    );

    // Reopening gives a fresh form.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Email the Chanterlab team' }).click();
    await dialog.waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    expect(page.consoleErrors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual(
      [],
    );
    await closePage(page);
  });
});
