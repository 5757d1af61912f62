/**
 * Writes with a session cookie check Origin on the data API and /api/scores too (issue 13,
 * item 13), as the account and admin routes already did: an administrator's cookie could
 * otherwise change or remove scores from any site's forged form. Calls without a session —
 * anonymous players, scripts with ADMIN_TOKEN and no cookie — are not CSRF-able and are
 * unchanged (auth/sameOrigin.ts says why).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataApi, HIGH_SCORE_TABLE, SUBMIT_HIGH_SCORE_RPC } from '../../contracts/data.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import { scoresApi } from '../../contracts/scores.ts';
import { signIn } from '../auth/testSignIn.ts';
import { DEFAULT_PUBLIC_KEY } from '../config.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

const DEVICE = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
let t: TestApp;
let boss: string;
let player: string;

beforeAll(async () => {
  t = await createTestApp({
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '1000',
    SCORE_SESSIONS: 'optional',
    ADMIN_EMAILS: 'boss@example.org',
  });
  boss = await signIn(t, 'boss@example.org');
  player = await signIn(t, 'player@example.org');
});
afterAll(async () => {
  await t.close();
});

type Who = { cookie?: string; bearer?: boolean; origin?: string };

function send(method: 'POST' | 'PATCH' | 'DELETE', url: string, who: Who, body: unknown = {}) {
  return t.app.inject({
    method,
    url,
    headers: {
      [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY,
      'content-type': 'application/json',
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(who.bearer ? { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } : {}),
      ...(who.origin ? { origin: who.origin } : {}),
    },
    payload: JSON.stringify(body),
  });
}

/** A fresh score row, inserted with the admin token; returns its id. */
async function newScore(): Promise<number> {
  const inserted = await send(
    'POST',
    dataApi.insert(HIGH_SCORE_TABLE),
    { bearer: true },
    {
      rows: { score: 10, level: 1, local_user_id: DEVICE },
    },
  );
  expect(inserted.statusCode).toBe(200);
  return inserted.json<{ data: { id: number }[] }>().data[0]!.id;
}

/** Every cookie-authenticated write of the data API and /api/scores, on two fresh rows. */
async function writes() {
  const [id, other] = [await newScore(), await newScore()];
  const calls = [
    ['POST', dataApi.insert(HIGH_SCORE_TABLE), { rows: { score: 1, level: 1 } }],
    ['POST', dataApi.update(HIGH_SCORE_TABLE), { match: { id }, values: { score: 2 } }],
    ['PATCH', scoresApi.byId(id), { score: 3 }],
    ['DELETE', scoresApi.byId(id), {}],
    ['POST', dataApi.delete(HIGH_SCORE_TABLE), { match: { id: other } }],
  ] as const;
  return { ids: [id, other], calls };
}

async function scoreOf(id: number): Promise<number | undefined> {
  const answer = await t.app.inject({
    url: scoresApi.byId(id),
    headers: { [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY },
  });
  return answer.json<{ data?: { score: number } }>().data?.score;
}

describe('Origin on cookie-authenticated writes', () => {
  it('issue 13.13: an administrator’s cookie without our Origin changes nothing (data API and /api/scores)', async () => {
    const { ids, calls } = await writes();
    for (const [method, url, body] of calls) {
      for (const origin of [undefined, 'https://evil.example', 'null']) {
        const answer = await send(
          method,
          url,
          { cookie: boss, ...(origin ? { origin } : {}) },
          body,
        );
        expect(answer.statusCode, `${method} ${url} origin=${origin}`).toBe(403);
        expect(answer.json().error.code).toBe('invalid_origin');
      }
    }
    for (const id of ids) expect(await scoreOf(id)).toBe(10);
  });

  it('issue 13.13: the same writes from the site itself work', async () => {
    for (const [method, url, body] of (await writes()).calls) {
      const answer = await send(method, url, { cookie: boss, origin: t.config.siteUrl }, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(200);
    }
  });

  it('issue 13.13: a signed-in player’s score submission needs our Origin too', async () => {
    const params = { p_score: 5, p_local_user_id: DEVICE, p_level: 1, p_initials: 'PL' };
    const forged = await send(
      'POST',
      dataApi.rpc(SUBMIT_HIGH_SCORE_RPC),
      { cookie: player },
      {
        params,
      },
    );
    expect(forged.statusCode).toBe(403);
    const own = await send(
      'POST',
      dataApi.rpc(SUBMIT_HIGH_SCORE_RPC),
      { cookie: player, origin: t.config.siteUrl },
      { params },
    );
    expect(own.statusCode).toBe(200);
  });

  it('issue 13.13: ADMIN_TOKEN without a cookie, anonymous writes and reads need no Origin', async () => {
    for (const [method, url, body] of (await writes()).calls) {
      const answer = await send(method, url, { bearer: true }, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(200);
    }
    const session = await send(
      'POST',
      scoresApi.gameSessions,
      {},
      { local_user_id: DEVICE, level: 1 },
    );
    expect(session.statusCode).toBe(201);
    const query = await send('POST', dataApi.query(HIGH_SCORE_TABLE), { cookie: boss }, {});
    expect(query.statusCode).toBe(200);
  });
});
