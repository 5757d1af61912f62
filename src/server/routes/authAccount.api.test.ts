/**
 * Accounts' authorization (issue 8 'Done when': every admin endpoint refuses non-admins;
 * nobody reads another user's data; a banned user is refused by the server).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountApi,
  adminUserPath,
  type AdminUserRow,
  type Profile,
  type SessionAnswer,
} from '../../contracts/account.ts';
import { dataApi, SUBMIT_HIGH_SCORE_RPC } from '../../contracts/data.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import type { HighScore } from '../../contracts/scores.ts';
import { DEFAULT_PUBLIC_KEY } from '../config.ts';
import { latestLink, requestLink, signIn, solvedHumanCheck, verify } from '../auth/testSignIn.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

let t: TestApp;
let alice: string;
let bob: string;
let boss: string;
const DEVICE_A = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const DEVICE_B = '1c7a2d3f-4e5b-4c6d-9e7f-8091a2b3c4d5';

beforeAll(async () => {
  t = await createTestApp({
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '1000',
    ADMIN_EMAILS: 'boss@example.org',
  });
  alice = await signIn(t, 'alice@example.org');
  bob = await signIn(t, 'bob@example.org');
  boss = await signIn(t, 'boss@example.org');
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(
  method: Method,
  url: string,
  who: { cookie?: string; bearer?: string },
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: t.config.siteUrl,
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(who.bearer ? { authorization: `Bearer ${who.bearer}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

const idOf = async (cookie: string) =>
  (await call('GET', accountApi.session, { cookie })).json<SessionAnswer>().user!.id;

/** A score row as a game session leaves it; returns the session id (the device's proof). */
async function addScore(score: number, local: string | null, user: string | null) {
  const session = randomUUID();
  await t.database.rows(
    sql`insert into tblblasterhighscore (score, level, struserinitials, local_user_id, user_id, session_id)
        values (${score}, 1, 'ABC', ${local}, ${user}, ${session})`,
  );
  return session;
}

describe('the admin endpoints', () => {
  const endpoints = (id: string): [Method, string, unknown?][] => [
    ['GET', accountApi.adminUsers],
    ['POST', adminUserPath(id, 'ban'), { reason: 'spam' }],
    ['POST', adminUserPath(id, 'unban'), {}],
    ['POST', adminUserPath(id, 'role'), { role: 'admin' }],
  ];

  it('refuse anonymous visitors and signed-in users who are not administrators', async () => {
    const bobId = await idOf(bob);
    for (const [method, url, body] of endpoints(bobId)) {
      expect((await call(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, { cookie: alice }, body)).statusCode, url).toBe(403);
      expect((await call(method, url, { cookie: bob }, body)).statusCode, url).toBe(403);
      expect(
        (await call(method, url, { bearer: 'not-the-token-0123456789xx' }, body)).statusCode,
      ).toBe(403);
    }
    const [bobRow] = await t.database.rows<{ role: string; banned: boolean }>(
      sql`select role, banned from "user" where id = ${bobId}`,
    );
    expect(bobRow).toEqual({ role: 'user', banned: false });
  });

  it('answer ADMIN_TOKEN and a user made administrator by ADMIN_EMAILS', async () => {
    const byToken = await call('GET', accountApi.adminUsers, { bearer: TEST_ADMIN_TOKEN });
    expect(byToken.statusCode).toBe(200);
    const bySession = await call('GET', accountApi.adminUsers, { cookie: boss });
    expect(bySession.statusCode).toBe(200);
    const { users, total } = bySession.json<{ users: AdminUserRow[]; total: number }>();
    expect(total).toBe(3);
    expect(users.find((u) => u.email === 'boss@example.org')?.roles).toEqual(['admin']);
  });

  it('set a role', async () => {
    const aliceId = await idOf(alice);
    const made = await call(
      'POST',
      adminUserPath(aliceId, 'role'),
      { cookie: boss },
      { role: 'admin' },
    );
    expect(made.json<AdminUserRow>().roles).toEqual(['admin']);
    expect((await call('GET', accountApi.adminUsers, { cookie: alice })).statusCode).toBe(200);
    await call(
      'POST',
      adminUserPath(aliceId, 'role'),
      { bearer: TEST_ADMIN_TOKEN },
      { role: 'user' },
    );
    expect((await call('GET', accountApi.adminUsers, { cookie: alice })).statusCode).toBe(403);
    const bad = await call(
      'POST',
      adminUserPath(aliceId, 'role'),
      { cookie: boss },
      { role: 'root' },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('refuse a signed-in administrator’s write from another site', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: adminUserPath(await idOf(alice), 'ban'),
      headers: { cookie: boss, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('own data only', () => {
  it('each user reads only their own profile; no endpoint takes a user id', async () => {
    const a = (await call('GET', accountApi.me, { cookie: alice })).json<Profile>();
    const b = (await call('GET', accountApi.me, { cookie: bob })).json<Profile>();
    expect(a.email).toBe('alice@example.org');
    expect(b.email).toBe('bob@example.org');
    expect((await call('GET', accountApi.me, {})).statusCode).toBe(401);
    // A user id in the query or body is not a way in.
    const sneaky = await call('GET', `${accountApi.me}?id=${a.id}`, { cookie: bob });
    expect(sneaky.json<Profile>().email).toBe('bob@example.org');
  });

  it('initials are at most 3 characters, upper-cased, and change only the caller', async () => {
    const ok = await call('PATCH', accountApi.me, { cookie: alice }, { initials: 'amp' });
    expect(ok.json<Profile>().initials).toBe('AMP');
    expect(
      (await call('PATCH', accountApi.me, { cookie: alice }, { initials: 'ABCD' })).statusCode,
    ).toBe(400);
    const other = await call(
      'PATCH',
      accountApi.me,
      { cookie: alice },
      { initials: 'X', id: await idOf(bob) },
    );
    expect(other.statusCode).toBe(400);
    expect((await call('GET', accountApi.me, { cookie: bob })).json<Profile>().initials).toBeNull();
  });

  it('claims this device’s anonymous scores with their session proofs and lists only the caller’s scores', async () => {
    const first = await addScore(500, DEVICE_A, null);
    const second = await addScore(400, DEVICE_A, null);
    await addScore(300, DEVICE_B, null);
    const claimed = await call(
      'POST',
      accountApi.claimScores,
      { cookie: alice },
      { localUserId: DEVICE_A, sessionIds: [first, second] },
    );
    expect(claimed.json()).toEqual({ claimed: 2 });
    const mine = (await call('GET', accountApi.scores, { cookie: alice })).json<{
      scores: HighScore[];
    }>();
    expect(mine.scores.map((s) => s.score)).toEqual([500, 400]);
    const bobs = (await call('GET', accountApi.scores, { cookie: bob })).json<{
      scores: HighScore[];
    }>();
    expect(bobs.scores).toEqual([]);
    expect((await call('GET', accountApi.me, { cookie: alice })).json<Profile>().localUserId).toBe(
      DEVICE_A,
    );
    // The proofs are the device's secrets: another account that learns them later finds the
    // scores already owned.
    const late = await call(
      'POST',
      accountApi.claimScores,
      { cookie: bob },
      { localUserId: DEVICE_A, sessionIds: [first, second] },
    );
    expect(late.json()).toEqual({ claimed: 0 });
  });

  it('a device id copied off the leaderboard claims nothing, and a forged score does not take the rest', async () => {
    const mallory = await signIn(t, 'mallory@example.org');
    const device = '3e9c4f5a-6b7d-4e8f-9a0b-b1c2d3e4f5a6';
    const victims = [await addScore(910, device, null), await addScore(920, device, null)];
    // No proof at all, or session ids of nothing: nothing claimed, the device not linked.
    for (const sessionIds of [[], [randomUUID()], undefined]) {
      const body = sessionIds ? { localUserId: device, sessionIds } : { localUserId: device };
      const attempt = await call('POST', accountApi.claimScores, { cookie: mallory }, body);
      expect(attempt.statusCode).toBe(200);
      expect(attempt.json()).toEqual({ claimed: 0 });
    }
    expect(
      (await call('GET', accountApi.me, { cookie: mallory })).json<Profile>().localUserId,
    ).toBeNull();
    // Mallory plays one game under the victim's device id: she may claim that score, not the others.
    const forged = await addScore(10, device, null);
    const taken = await call(
      'POST',
      accountApi.claimScores,
      { cookie: mallory },
      { localUserId: device, sessionIds: [forged] },
    );
    expect(taken.json()).toEqual({ claimed: 1 });
    const owners = await t.database.rows<{ user_id: string | null }>(
      sql`select user_id from tblblasterhighscore where session_id in (${victims[0]}, ${victims[1]})`,
    );
    expect(owners).toEqual([{ user_id: null }, { user_id: null }]);
    // And deleting her account anonymises only her own row, not the victim's.
    const deleted = await call('DELETE', accountApi.me, { cookie: mallory });
    expect(deleted.statusCode).toBe(200);
    const left = await t.database.rows<{ local_user_id: string | null; struserinitials: string }>(
      sql`select local_user_id, struserinitials from tblblasterhighscore where session_id in (${victims[0]}, ${victims[1]})`,
    );
    expect(left).toEqual([
      { local_user_id: device, struserinitials: 'ABC' },
      { local_user_id: device, struserinitials: 'ABC' },
    ]);
  });

  it('refuses a claim with malformed proofs', async () => {
    for (const sessionIds of [
      ['not-a-uuid'],
      'x',
      Array.from({ length: 501 }, () => randomUUID()),
    ]) {
      const res = await call(
        'POST',
        accountApi.claimScores,
        { cookie: alice },
        { localUserId: DEVICE_A, sessionIds },
      );
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('a banned user', () => {
  it('R-4.AUTH-06 R-6.ROLES-06 keeps a session that says banned, and the server refuses their calls', async () => {
    const email = 'rogue@example.org';
    const rogue = await signIn(t, email);
    const id = await idOf(rogue);
    const banned = await call(
      'POST',
      adminUserPath(id, 'ban'),
      { bearer: TEST_ADMIN_TOKEN },
      { reason: 'spam' },
    );
    expect(banned.json<AdminUserRow>()).toMatchObject({ banned: true, banReason: 'spam' });

    const state = (await call('GET', accountApi.session, { cookie: rogue })).json<SessionAnswer>();
    expect(state.user?.roles).toContain('banned');

    const me = await call('GET', accountApi.me, { cookie: rogue });
    expect(me.statusCode).toBe(403);
    expect(me.json().error.code).toBe('banned');
    const rpc = await t.app.inject({
      method: 'POST',
      url: dataApi.rpc(SUBMIT_HIGH_SCORE_RPC),
      headers: {
        cookie: rogue,
        [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        params: { p_score: 10, p_local_user_id: DEVICE_B, p_level: 1, p_initials: 'RG' },
      }),
    });
    expect(rpc.statusCode).toBe(403);
    const update = await call('POST', '/api/auth/update-user', { cookie: rogue }, { name: 'x' });
    expect(update.statusCode).toBe(403);

    // A new link does not sign a banned user in.
    await requestLink(t, email, { altcha: await solvedHumanCheck(t) });
    const again = await verify(t, (await latestLink(t, email)).searchParams.get('token')!);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('BANNED_USER');

    await call('POST', adminUserPath(id, 'unban'), { cookie: boss }, {});
    expect((await call('GET', accountApi.me, { cookie: rogue })).statusCode).toBe(200);
  });
});

describe('deleting an account', () => {
  it('removes personal data and keeps anonymised scores', async () => {
    const email = 'gone@example.org';
    const gone = await signIn(t, email);
    const id = await idOf(gone);
    const device = '2d8b3e4f-5a6c-4d7e-8f90-a1b2c3d4e5f6';
    const proof = await addScore(777, device, null);
    await call(
      'POST',
      accountApi.claimScores,
      { cookie: gone },
      { localUserId: device, sessionIds: [proof] },
    );
    const deleted = await call('DELETE', accountApi.me, { cookie: gone });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await call('GET', accountApi.session, { cookie: gone })).json<SessionAnswer>().user,
    ).toBeNull();
    const users = await t.database.rows(sql`select id from "user" where id = ${id}`);
    expect(users).toEqual([]);
    const sessions = await t.database.rows(sql`select id from session where user_id = ${id}`);
    expect(sessions).toEqual([]);
    const outbox = await t.database.rows(
      sql`select id from mail_outbox where to_address = ${email}`,
    );
    expect(outbox).toEqual([]);
    const [score] = await t.database.rows<Record<string, unknown>>(
      sql`select score, user_id, local_user_id, struserinitials from tblblasterhighscore where score = 777`,
    );
    expect(score).toEqual({
      score: 777,
      user_id: null,
      local_user_id: null,
      struserinitials: null,
    });
  });
});
