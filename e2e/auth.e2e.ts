/**
 * Accounts in Chromium against the real server (issue 8 'Done when'): magic-link sign-in
 * through the local outbox on a fresh start with no mail or auth configuration (no SMTP_URL,
 * no BETTER_AUTH_SECRET, no Google keys), landing on the redirect target; a guarded route
 * redirects to /auth and comes back after sign-in; a banned user lands on /blocked and the
 * API refuses them. The server runs in development so /dev/mailbox lists the outbox;
 * ADMIN_TOKEN is set only so the test can ban a user.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountApi, adminUserPath, authMessages } from '../src/contracts/account.ts';
import { useApp, pathOf } from './fixtures/harness.ts';
import { axeViolations } from './fixtures/axeViolations.ts';

const SHOTS = process.env.PROFILE_SHOTS ?? '.tmp/screenshots';

const ADMIN_TOKEN = 'e2e-auth-admin-token-0123456789abcdef';

describe('accounts', () => {
  const app = useApp({ server: { env: { NODE_ENV: 'development', ADMIN_TOKEN } } });

  async function solveHumanCheck(page: Page) {
    await page.locator('altcha-widget input[type="checkbox"]').click();
    await page.waitForFunction(
      () =>
        (
          document.querySelector('altcha-widget') as unknown as { getState(): string }
        )?.getState() === 'verified',
      undefined,
      { timeout: 30_000 },
    );
  }

  /** On /auth: asks for a link, then opens it from the development mailbox. */
  async function signInFromAuthPage(page: Page, email: string) {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await solveHumanCheck(page);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByText(authMessages.linkSent).waitFor();

    await page.goto(app.url('/dev/mailbox'));
    const mail = page.locator('li', { hasText: `To ${email}` }).first();
    const href = await mail.locator('a[href*="/auth/callback"]').getAttribute('href');
    expect(href).toBeTruthy();
    const link = new URL(href!);
    expect(link.searchParams.get('token')).toBeTruthy();
    // Links name the site URL (http://localhost:PORT when PUBLIC_SITE_URL is unset); the
    // test server is reached as 127.0.0.1, so open the same path there.
    await page.goto(app.url(link.pathname + link.search));
  }

  it('R-1.ACCOUNTS-01 R-2.1.GUARD-01 R-4.AUTH-05 R-4.AUTH-09 R-4.AUTH-12 a guarded route sends a visitor to /auth, the emailed link signs in and returns there', async () => {
    // Spec §4: the callback with no code and no session goes to /auth.
    const page = await app.open('/auth/callback');
    await page.waitForURL((url) => url.pathname === '/auth');

    await page.goto(app.url('/playlists'));
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(pathOf(page)).toBe('/auth?redirect=%2Fplaylists');
    await page.getByRole('link', { name: 'development mailbox' }).waitFor();
    await page.locator('altcha-widget input[type="checkbox"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Spec §5: the email is required.
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByText(authMessages.emailRequired).waitFor();

    await signInFromAuthPage(page, 'morag@example.org');
    await page.waitForURL((url) => url.pathname === '/playlists', { timeout: 15_000 });
    // Spec §4: /auth/callback is replaced in the history by the target.
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/dev/mailbox');

    // The menu follows the sign-in: My Profile and Log out (spec §2.2).
    await page.goto(app.url('/user-profile'));
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByText('morag@example.org').waitFor();
    await page.getByLabel('Initials').fill('mcp');
    await page.getByRole('button', { name: 'Save Initials' }).click();
    await page.getByText('Initials saved.').waitFor();
    expect(await page.getByLabel('Initials').inputValue()).toBe('MCP');

    // A fresh device kept no score proofs, so it has nothing to claim, and says so.
    await page.getByRole('button', { name: 'Claim Scores From This Device' }).click();
    await page.getByText('This device has no unclaimed scores.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/profile-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Spec §2.2: the menu's 'Log out' signs out and goes to /auth.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('link', { name: 'Login / Register' }).waitFor();
    const session = await page.evaluate(
      async (url) => (await fetch(url)).json(),
      accountApi.session,
    );
    expect(session).toEqual({ user: null });
  });

  it('R-4.AUTH-06 R-6.ROLES-06 a banned user lands on /blocked and the API refuses them', async () => {
    const page = await app.open('/auth?redirect=%2Fuser-profile');
    await signInFromAuthPage(page, 'rogue@example.org');
    await page.waitForURL((url) => url.pathname === '/user-profile', { timeout: 15_000 });
    const { user } = await page.evaluate(
      async (url) => (await fetch(url)).json() as Promise<{ user: { id: string } }>,
      accountApi.session,
    );

    const ban = await fetch(app.url(adminUserPath(user.id, 'ban')), {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'e2e' }),
    });
    expect(ban.status).toBe(200);

    await page.goto(app.url('/user-profile'));
    await page.waitForURL((url) => url.pathname === '/blocked');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('You have been blocked from accessing this site.').waitFor();

    const refused = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, body: await response.json() };
    }, accountApi.me);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('banned');
  });
});
