/**
 * The request-target policy against a listening server (issue 13 items 1 and 2): requests are
 * written byte by byte over a socket (testing/rawHttp.ts), because app.inject() and fetch()
 * resolve dot segments before a request leaves the test. Each spelling here reached
 * better-auth without the human check, or a banned user's call past the ban, before the fix.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_API,
  accountApi,
  adminUserPath,
  type OutboxMessage,
} from '../../contracts/account.ts';
import { signIn, solvedHumanCheck } from '../auth/testSignIn.ts';
import { authUser } from '../db/schema/index.ts';
import { portOf, rawRequest } from '../testing/rawHttp.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000',
    ADMIN_EMAILS: 'chief@example.org',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = portOf(t.app);
});
afterAll(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };

async function mailsTo(email: string): Promise<number> {
  const answer = await t.app.inject({
    url: `${accountApi.outbox}?to=${encodeURIComponent(email)}`,
  });
  return answer.json<{ messages: OutboxMessage[] }>().messages.length;
}

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(authUser).where(eq(authUser.email, email));
  return row!;
}

/** Signs `email` in, then bans it with the admin token; returns its cookie and id. */
async function bannedUser(email: string): Promise<{ cookie: string; id: string }> {
  const cookie = await signIn(t, email);
  const { id } = await userRow(email);
  const ban = await t.app.inject({
    method: 'POST',
    url: adminUserPath(id, 'ban'),
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, ...json },
    payload: { reason: 'issue 13.2' },
  });
  expect(ban.statusCode).toBe(200);
  return { cookie, id };
}

describe('sign-in link path spellings (raw socket)', () => {
  const spellings = [
    `${AUTH_API}/./sign-in/magic-link`,
    `${AUTH_API}/%2e/sign-in/magic-link`,
    `${AUTH_API}/%2E/sign-in/magic-link`,
    `${AUTH_API}/sign-in/x/../magic-link`,
    `${AUTH_API}/sign-in/x/%2e%2e/magic-link`,
    `${AUTH_API}/sign-in/x/.%2E/magic-link`,
    `${AUTH_API}/sign-in/magic-link/x/..`,
    `${AUTH_API}/sign-in\\magic-link`,
    `${AUTH_API}/sign-in%5cmagic-link`,
    `${AUTH_API}/sign-in%2fmagic-link`,
    `${AUTH_API}//sign-in/magic-link`,
    `${AUTH_API}/sign-in/magic-link/`,
    `${AUTH_API}/sign-in/magic-link;x=1`,
    `${AUTH_API}/sign-in/magic%2Dlink`,
    `${AUTH_API}/Sign-In/Magic-Link`,
    `${AUTH_API}/sign-in/magic-link#x`,
    `/tunes/../api/auth/sign-in/magic-link`,
  ];
  const absolute = (path: string) => `http://127.0.0.1:${port}${path}`;

  it.each(spellings)(
    'issue 13.1: POST %s (and its absolute-form) sends no mail without the human check',
    async (path) => {
      for (const target of [path, absolute(path)]) {
        const email = `bomb-${Math.random().toString(36).slice(2)}@example.org`;
        const answer = await rawRequest(
          port,
          'POST',
          target,
          { origin: t.config.siteUrl, ...json },
          JSON.stringify({ email, callbackURL: '/auth/callback' }),
        );
        expect([400, 404], `${target} → ${answer.status} ${answer.body}`).toContain(answer.status);
        expect(await mailsTo(email), target).toBe(0);
      }
    },
  );

  it('issue 13.1: dot segments and encoded dots or slashes get 400 invalid_request_target', async () => {
    const answer = await rawRequest(
      port,
      'POST',
      `${AUTH_API}/./sign-in/magic-link`,
      { origin: t.config.siteUrl, ...json },
      JSON.stringify({ email: 'dot@example.org' }),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        message: 'This address is not in a form this server accepts.',
        code: 'invalid_request_target',
      },
    });
  });

  it('issue 13.2: the absolute-form of the sign-in path is checked like the origin-form, and works', async () => {
    const email = 'absolute@example.org';
    const target = absolute(`${AUTH_API}/sign-in/magic-link`);
    const headers = { origin: t.config.siteUrl, ...json };
    const unchecked = await rawRequest(port, 'POST', target, headers, JSON.stringify({ email }));
    expect(unchecked.status).toBe(400);
    expect(JSON.parse(unchecked.body).error.code).toBe('captcha_missing');
    expect(await mailsTo(email)).toBe(0);
    const body = JSON.stringify({ email, altcha: await solvedHumanCheck(t) });
    expect((await rawRequest(port, 'POST', target, headers, body)).status).toBe(200);
    expect(await mailsTo(email)).toBe(1);
  });

  it('issue 13.1: asterisk-form and other targets are refused', async () => {
    for (const target of ['*', 'api/auth/sign-in/magic-link', 'http://user@host/api/health']) {
      const answer = await rawRequest(port, 'POST', target, json, '{}');
      expect(answer.status, target).toBe(400);
    }
  });
});

describe('bans whatever the request-target form (raw socket)', () => {
  it('issue 13.2: a banned user gets 403 from absolute-form targets, except the allowed few', async () => {
    const email = 'rogue-absolute@example.org';
    const { cookie } = await bannedUser(email);
    const headers = { cookie, origin: t.config.siteUrl, ...json };
    const body = JSON.stringify({ name: 'renamed' });
    for (const host of [`127.0.0.1:${port}`, 'localhost', 'evil.example']) {
      const update = await rawRequest(
        port,
        'POST',
        `http://${host}${AUTH_API}/update-user`,
        headers,
        body,
      );
      expect(update.status, host).toBe(403);
      expect(JSON.parse(update.body).error.code).toBe('banned');
      const me = await rawRequest(port, 'GET', `http://${host}${accountApi.me}`, { cookie });
      expect(me.status, host).toBe(403);
    }
    // Dot segments no longer name another path.
    const dotted = await rawRequest(
      port,
      'POST',
      `${accountApi.session}/../../auth/update-user`,
      headers,
      body,
    );
    expect(dotted.status).toBe(400);
    expect((await userRow(email)).name).not.toBe('renamed');
    // What a banned user may still call works in absolute-form too.
    const session = await rawRequest(port, 'GET', `http://localhost${accountApi.session}`, {
      cookie,
    });
    expect(session.status).toBe(200);
    expect(JSON.parse(session.body).user.roles).toContain('banned');
  });

  it('issue 13.2: a banned administrator cannot unban itself with an absolute-form target', async () => {
    const email = 'chief@example.org';
    const { cookie, id } = await bannedUser(email);
    const headers = { cookie, origin: t.config.siteUrl, ...json };
    const attempts: [string, string][] = [
      [`${AUTH_API}/admin/unban-user`, JSON.stringify({ userId: id })],
      [adminUserPath(id, 'unban'), '{}'],
    ];
    for (const [path, body] of attempts) {
      const answer = await rawRequest(port, 'POST', `http://localhost${path}`, headers, body);
      expect(answer.status, path).toBe(403);
      expect((await userRow(email)).banned, path).toBe(true);
    }
  });
});

describe('spellings app.inject() can send', () => {
  it.each([
    `${AUTH_API}/sign-in%2fmagic-link`,
    `${AUTH_API}//sign-in/magic-link`,
    `${AUTH_API}/sign-in/magic-link/`,
    `${AUTH_API}/sign-in/magic-link;x=1`,
    `${AUTH_API}/sign-in/magic%2Dlink`,
    `${AUTH_API}/sign-in/magic-lin%6B`,
  ])('issue 13.1: POST %s is refused with 400', async (url) => {
    const answer = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: t.config.siteUrl, ...json },
      payload: { email: 'inject@example.org' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('invalid_request_target');
  });

  it('issue 13.1: the catch-all does not forward the sign-in path in another letter case', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${AUTH_API}/SIGN-IN/magic-link`,
      headers: { origin: t.config.siteUrl, ...json },
      payload: { email: 'case@example.org' },
    });
    expect(answer.statusCode).toBe(404);
    expect(await mailsTo('case@example.org')).toBe(0);
  });
});
