/**
 * Sign-in by emailed link (issue 8 part 1; spec §7 'Authentication'): the real app on a fresh
 * database, mail in the local outbox, called with app.inject().
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi, AUTH_API, type SessionAnswer } from '../../contracts/account.ts';
import { humanCheckText } from '../../contracts/humanCheck.ts';
import { latestLink, requestLink, signIn, solvedHumanCheck, verify } from '../auth/testSignIn.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await t.close();
});

const session = async (cookie?: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: accountApi.session,
      headers: cookie ? { cookie } : {},
    })
  ).json<SessionAnswer>();

describe('magic link', () => {
  it('R-1.ACCOUNTS-01 R-7.AUTH-05 mails a link to /auth/callback?redirect={target} that signs in', async () => {
    const email = 'morag@example.org';
    const asked = await requestLink(t, email, { altcha: await solvedHumanCheck(t) });
    expect(asked.statusCode).toBe(200);
    const link = await latestLink(t, email);
    expect(link.pathname).toBe('/auth/callback');
    expect(link.searchParams.get('redirect')).toBe('/playlists');
    const token = link.searchParams.get('token');
    expect(token).toMatch(/^[A-Za-z]{32}$/);

    expect((await session()).user).toBeNull();
    const verified = await verify(t, token!);
    expect(verified.statusCode).toBe(200);
    const cookie = String(verified.headers['set-cookie']).split(';')[0]!;
    const answer = await session(cookie);
    expect(answer.user).toMatchObject({ email, roles: ['user'] });
  });

  it('a link works once', async () => {
    const email = 'once@example.org';
    await requestLink(t, email, { altcha: await solvedHumanCheck(t) });
    const token = (await latestLink(t, email)).searchParams.get('token')!;
    expect((await verify(t, token)).headers['set-cookie']).toBeDefined();
    const again = await verify(t, token);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toContain('error=INVALID_TOKEN');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('a link expires', async () => {
    const email = 'late@example.org';
    await requestLink(t, email, { altcha: await solvedHumanCheck(t) });
    const token = (await latestLink(t, email)).searchParams.get('token')!;
    // Ten minutes later, as far as the stored link is concerned.
    await t.database.rows(
      sql`update verification set expires_at = now() - interval '1 second' where identifier like 'magic-link:%'`,
    );
    const late = await verify(t, token);
    expect(late.statusCode).toBe(302);
    expect(late.headers.location).toContain('error=');
    expect(late.headers['set-cookie']).toBeUndefined();
  });

  it('the link is stored hashed: the token in the mail is not in the database', async () => {
    const email = 'hash@example.org';
    await requestLink(t, email, { altcha: await solvedHumanCheck(t) });
    const token = (await latestLink(t, email)).searchParams.get('token')!;
    const rows = await t.database.rows<{ identifier: string }>(
      sql`select identifier from verification`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);
  });

  it('R-2.3.AUTH-02 R-5.AUTH-02 the human check is required, named, and single-use', async () => {
    const missing = await requestLink(t, 'bot@example.org');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(humanCheckText('altcha').required);

    const payload = await solvedHumanCheck(t);
    expect((await requestLink(t, 'human@example.org', { altcha: payload })).statusCode).toBe(200);
    const replay = await requestLink(t, 'human2@example.org', { altcha: payload });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(humanCheckText('altcha').used);
  });

  it('refuses a callback on another site', async () => {
    const answer = await requestLink(t, 'evil@example.org', {
      altcha: await solvedHumanCheck(t),
      callbackURL: 'https://evil.example/auth/callback',
    });
    expect(answer.statusCode).toBe(400);
  });

  it('refuses a post without an allowed Origin', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${AUTH_API}/sign-in/magic-link`,
      headers: { origin: 'https://evil.example', cookie: 'x=1' },
      payload: { email: 'o@example.org', altcha: await solvedHumanCheck(t) },
    });
    expect(answer.statusCode).toBe(403);
  });

  it('is rate-limited per address', async () => {
    const email = 'flood@example.org';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await requestLink(t, email, { altcha: await solvedHumanCheck(t) })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('per-client limit', () => {
  it('is rate-limited per client', async () => {
    const small = await createTestApp({ MAGIC_LINK_PER_CLIENT_PER_MINUTE: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = await requestLink(small, `client${i}@example.org`, {
          altcha: await solvedHumanCheck(small),
        });
        codes.push(answer.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await small.close();
    }
  });
});

describe('outbox', () => {
  it('is hidden in production except from administrators', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ url: accountApi.outbox })).statusCode).toBe(404);
      const options = await prod.app.inject({ url: accountApi.options });
      expect(options.json()).toEqual({ google: false, outbox: true, mailboxVisible: false });
      const asAdmin = await prod.app.inject({
        url: accountApi.outbox,
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      });
      expect(asAdmin.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('session cookie', () => {
  it('a cookie with a forged signature or an unknown token is no session', async () => {
    const cookie = await signIn(t, 'forger@example.org');
    const value = decodeURIComponent(cookie.split('=')[1]!);
    const [token] = value.split('.');
    const forged = `better-auth.session_token=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await session(forged)).user).toBeNull();
    const me = await t.app.inject({
      method: 'GET',
      url: accountApi.me,
      headers: { cookie: forged },
    });
    expect(me.statusCode).toBe(401);
    expect((await session(cookie)).user?.email).toBe('forger@example.org');
  });
});

describe('sign out', () => {
  it('R-7.AUTH-03 ends the session', async () => {
    const cookie = await signIn(t, 'leaving@example.org');
    expect((await session(cookie)).user).not.toBeNull();
    const out = await t.app.inject({
      method: 'POST',
      url: `${AUTH_API}/sign-out`,
      headers: { cookie, origin: t.config.siteUrl, 'content-type': 'application/json' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await session(cookie)).user).toBeNull();
  });
});
