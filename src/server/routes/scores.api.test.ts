/**
 * The score service end to end (spec §5, §7 'High score table', §8 'Score service'; issue 7
 * parts 1–3): the real app on a fresh migrated database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), called with app.inject().
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataApi, SUBMIT_HIGH_SCORE_RPC } from '../../contracts/data.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import {
  scoreListQuerySchema,
  scoreMessages,
  scoreRuleMessages,
  scoresApi,
} from '../../contracts/scores.ts';
import { createBlasterGame, START_LIVES } from '../../music/game/blasterGame.ts';
import { maxScoreFor } from '../../music/game/blasterRules.ts';
import { DEFAULT_PUBLIC_KEY } from '../config.ts';
import { scoresChanged } from '../services/scoreEvents.ts';
import { listScoresQuery, topScoresPerLevelQuery } from '../services/scoreService.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

const USER_A = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const USER_B = '1c7a2d3f-4e5b-4c6d-9e7f-8091a2b3c4d5';
const ACCOUNT = '2d8b3e4f-5a6c-4d7e-8f90-a1b2c3d4e5f6';

let t: TestApp;

beforeAll(async () => {
  // Most tests seed rows through the spec's plain RPC; the default (required) has its own test.
  t = await createTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '10000', SCORE_SESSIONS: 'optional' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.rows(sql`truncate tblblasterhighscore, tblgamesession restart identity`);
  // Rows changed behind the service's back: drop the leaderboard's short cache.
  scoresChanged(t.database);
});

interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  admin?: boolean;
  headers?: Record<string, string>;
}

function call(app: TestApp, url: string, options: Call = {}) {
  return app.app.inject({
    method: options.method ?? 'GET',
    url,
    headers: {
      [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY,
      ...(options.admin ? { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}
const api = (url: string, options?: Call) => call(t, url, options);

async function seed(
  rows: Array<{
    score: number;
    level: number;
    local?: string | null;
    user?: string | null;
    initials?: string | null;
    secondsAgo?: number;
  }>,
) {
  for (const r of rows) {
    await t.database.rows(
      sql`insert into tblblasterhighscore (score, level, struserinitials, local_user_id, user_id, created_at)
          values (${r.score}, ${r.level}, ${r.initials ?? null}, ${r.local === undefined ? USER_A : r.local}, ${r.user ?? null},
                  now() - make_interval(secs => ${r.secondsAgo ?? 0}))`,
    );
  }
}

const submit = (params: Record<string, unknown>, app: TestApp = t) =>
  call(app, dataApi.rpc(SUBMIT_HIGH_SCORE_RPC), { method: 'POST', body: { params } });

async function startSession(level = 3, local = USER_A, app: TestApp = t) {
  const res = await call(app, scoresApi.gameSessions, {
    method: 'POST',
    body: { local_user_id: local, level },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; level: number; seed: number; startedAt: string };
}

async function age(sessionId: string, seconds: number, app: TestApp = t) {
  await app.database.rows(
    sql`update tblgamesession set started_at = now() - make_interval(secs => ${seconds}) where id = ${sessionId}`,
  );
}

const scoresOf = (res: { json(): unknown }) =>
  (res.json() as { data: Array<{ score: number }> }).data.map((r) => r.score);

describe('list (spec §7 List)', () => {
  it('R-7.HIGHSCORE-01 R-7.HIGHSCORE-02 R-7.HIGHSCORE-12 defaults: 10 rows by score descending, answered as data', async () => {
    await seed(Array.from({ length: 12 }, (_, i) => ({ score: i * 10, level: (i % 5) + 1 })));
    const res = await api(scoresApi.list);
    expect(res.statusCode).toBe(200);
    expect(scoresOf(res)).toEqual([110, 100, 90, 80, 70, 60, 50, 40, 30, 20]);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(
      ['created_at', 'id', 'level', 'local_user_id', 'score', 'struserinitials', 'user_id'].sort(),
    );
  });

  it('R-7.HIGHSCORE-01 limit, offset, ascending and orderBy', async () => {
    await seed([10, 20, 30, 40, 50].map((score, i) => ({ score, level: 1, secondsAgo: i })));
    expect(scoresOf(await api(`${scoresApi.list}?limit=2&offset=1`))).toEqual([40, 30]);
    expect(scoresOf(await api(`${scoresApi.list}?ascending=true&limit=3`))).toEqual([10, 20, 30]);
    // created_at descending: the newest (secondsAgo 0, score 10) first.
    expect(scoresOf(await api(`${scoresApi.list}?orderBy=created_at&limit=2`))).toEqual([10, 20]);
  });

  it('R-7.HIGHSCORE-13 an equality filter on level (the leaderboard filter)', async () => {
    await seed([
      { score: 5, level: 2 },
      { score: 50, level: 3 },
      { score: 7, level: 2 },
    ]);
    expect(scoresOf(await api(`${scoresApi.list}?level=2`))).toEqual([7, 5]);
    expect(scoresOf(await api(`${scoresApi.list}?local_user_id=${USER_B}`))).toEqual([]);
  });

  it('equal scores: the earlier one ranks first', async () => {
    await seed([
      { score: 100, level: 1, initials: 'NEW', secondsAgo: 1 },
      { score: 100, level: 1, initials: 'OLD', secondsAgo: 60 },
    ]);
    const res = await api(`${scoresApi.list}?level=1`);
    expect(res.json().data.map((r: { struserinitials: string }) => r.struserinitials)).toEqual([
      'OLD',
      'NEW',
    ]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['orderBy=password', 'orderBy'],
    ['level=9', 'level'],
  ])('a bad query %s → 400', async (query, field) => {
    const res = await api(`${scoresApi.list}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
  });

  it('R-8.SCORE-08 a malformed local_user_id filter → the spec message', async () => {
    const res = await api(`${scoresApi.list}?local_user_id=nope`);
    expect(res.json().error.message).toBe('Invalid local_user_id UUID format');
  });

  it('answers an ETag and 304 when nothing changed; a new score changes it', async () => {
    await seed([{ score: 1, level: 1 }]);
    const first = await api(scoresApi.list);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await api(scoresApi.list, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await submit({ p_score: 9, p_level: 1, p_local_user_id: USER_A });
    const changed = await api(scoresApi.list, { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(scoresOf(changed)).toEqual([9, 1]);
  });

  it('needs the public key', async () => {
    const res = await t.app.inject({ method: 'GET', url: scoresApi.list });
    expect(res.statusCode).toBe(401);
  });
});

describe('per-level top scores (spec §7)', () => {
  it('R-7.HIGHSCORE-03 R-7.HIGHSCORE-04 R-9.CONST-25 each level present, its top 3 by score descending', async () => {
    await seed([
      ...[1, 2, 3, 4, 5].map((score) => ({ score, level: 1 })),
      { score: 40, level: 4 },
      { score: 44, level: 4 },
    ]);
    const res = await api(scoresApi.topPerLevel);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ level: number; scores: Array<{ score: number }> }>;
    expect(data.map((l) => l.level)).toEqual([1, 4]);
    expect(data[0]!.scores.map((s) => s.score)).toEqual([5, 4, 3]);
    expect(data[1]!.scores.map((s) => s.score)).toEqual([44, 40]);
  });

  it('R-7.HIGHSCORE-04 N is a parameter', async () => {
    await seed([1, 2, 3, 4, 5].map((score) => ({ score, level: 2 })));
    const res = await api(`${scoresApi.topPerLevel}?n=5`);
    expect(res.json().data[0].scores).toHaveLength(5);
  });

  it('an empty table has no levels', async () => {
    expect((await api(scoresApi.topPerLevel)).json().data).toEqual([]);
  });

  it('the leaderboard reads walk the indexes, never sorting a level or the table', async () => {
    await t.database.rows(
      sql`insert into tblblasterhighscore (score, level, local_user_id)
          select ((g::bigint * 7919) % 100000)::int, (g % 5) + 1, ${USER_A} from generate_series(1, 20000) g`,
    );
    await t.database.rows(sql`analyze tblblasterhighscore`);
    const plan = async (query: SQL) =>
      (await t.database.rows<Record<string, string>>(sql`explain ${query}`))
        .map((r) => Object.values(r)[0])
        .join('\n');
    const perLevel = await plan(topScoresPerLevelQuery(3));
    const levelTop10 = await plan(listScoresQuery(scoreListQuerySchema.parse({ level: '3' })));
    const allTop10 = await plan(listScoresQuery(scoreListQuerySchema.parse({})));
    for (const text of [perLevel, levelTop10, allTop10]) {
      expect(text).not.toMatch(/Seq Scan|Bitmap Heap Scan/);
    }
    expect(perLevel).toMatch(/Index Scan using tblblasterhighscore_level_score_idx/);
    expect(levelTop10).toMatch(/Index Scan using tblblasterhighscore_level_score_idx/);
    expect(allTop10).toMatch(/Index Scan using tblblasterhighscore_score_idx/);
  });
});

describe('get by id (spec §7)', () => {
  it('R-7.HIGHSCORE-05 one row by id', async () => {
    await seed([{ score: 42, level: 3, initials: 'ABC' }]);
    const res = await api(scoresApi.byId(1));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: 1, score: 42, level: 3, struserinitials: 'ABC' });
  });

  it('an unknown id → 404', async () => {
    expect((await api(scoresApi.byId(99))).statusCode).toBe(404);
    expect((await api(scoresApi.byId('abc'))).json().error.message).toBe('High score not found');
  });

  it("R-5.SCORE-11 R-8.SCORE-03 a blank id → 'ID is required'", async () => {
    const res = await api(scoresApi.byId(' '));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('ID is required');
  });
});

describe("a user's scores (spec §7, §5)", () => {
  it('R-7.HIGHSCORE-06 R-7.HIGHSCORE-14 by local_user_id, score descending', async () => {
    await seed([
      { score: 5, level: 1 },
      { score: 50, level: 2 },
      { score: 500, level: 2, local: USER_B },
    ]);
    const res = await api(`${scoresApi.byUser}?local_user_id=${USER_A}`);
    expect(scoresOf(res)).toEqual([50, 5]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('R-7.HIGHSCORE-06 R-6.ROLES-04 by user_id', async () => {
    await seed([
      { score: 7, level: 1, local: null, user: ACCOUNT },
      { score: 8, level: 1 },
    ]);
    expect(scoresOf(await api(`${scoresApi.byUser}?user_id=${ACCOUNT}`))).toEqual([7]);
  });

  it.each([
    ['R-5.SCORE-07 R-8.SCORE-10 neither id', '', scoreMessages.userRequired],
    ['R-8.SCORE-10 empty ids', '?user_id=&local_user_id=', scoreMessages.userRequired],
    ['R-5.SCORE-06 R-8.SCORE-09 a malformed user_id', '?user_id=x', scoreMessages.invalidUserId],
    [
      'R-5.SCORE-06 R-8.SCORE-08 a malformed local_user_id',
      '?local_user_id=local-123',
      scoreMessages.invalidLocalUserId,
    ],
  ])('%s → 400', async (_what, query, message) => {
    const res = await api(`${scoresApi.byUser}${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it("'Either userId or localUserId must be provided' is the spec's text", () => {
    expect(scoreMessages.userRequired).toBe('Either userId or localUserId must be provided');
  });
});

describe('update and delete: administrators only (issue 7 part 2)', () => {
  it('R-7.HIGHSCORE-09 R-5.SCORE-10 an administrator updates score, level, initials; other fields are ignored', async () => {
    await seed([{ score: 1, level: 1 }]);
    const res = await api(scoresApi.byId(1), {
      method: 'PATCH',
      admin: true,
      body: { score: 99, level: 4, struserinitials: 'xyz', local_user_id: USER_B, id: 7 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: 1,
      score: 99,
      level: 4,
      struserinitials: 'XYZ',
      local_user_id: USER_A,
    });
  });

  it('R-7.HIGHSCORE-10 an administrator deletes by id', async () => {
    await seed([{ score: 1, level: 1 }]);
    const res = await api(scoresApi.byId(1), { method: 'DELETE', admin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(1);
    expect((await api(scoresApi.byId(1))).statusCode).toBe(404);
    expect((await api(scoresApi.byId(1), { method: 'DELETE', admin: true })).statusCode).toBe(404);
  });

  it.each(['PATCH', 'DELETE'] as const)(
    'R-6.ROLES-03 %s by an anonymous visitor is refused, even one who knows the local id',
    async (method) => {
      await seed([{ score: 1, level: 1 }]);
      const res = await api(scoresApi.byId(1), {
        method,
        body: method === 'PATCH' ? { score: 999999, local_user_id: USER_A } : undefined,
        headers: { 'x-local-user-id': USER_A },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(scoreRuleMessages.adminOnly);
      expect(scoresOf(await api(scoresApi.list))).toEqual([1]);
    },
  );

  it('a wrong bearer token is anonymous', async () => {
    await seed([{ score: 1, level: 1 }]);
    const res = await api(scoresApi.byId(1), {
      method: 'DELETE',
      headers: { authorization: 'Bearer not-the-admin-token-at-all-000' },
    });
    expect(res.statusCode).toBe(403);
  });

  it("R-5.SCORE-08 R-5.SCORE-12 R-8.SCORE-03 a blank id → 'ID is required'", async () => {
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await api(scoresApi.byId(' '), { method, admin: true, body: { score: 1 } });
      expect(res.json().error.message).toBe('ID is required');
    }
  });

  it("R-8.SCORE-11 no update data → 'Update data is required'", async () => {
    await seed([{ score: 1, level: 1 }]);
    const res = await api(scoresApi.byId(1), { method: 'PATCH', admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Update data is required');
  });

  it("R-5.SCORE-09 R-8.SCORE-12 none of score, level, struserinitials → 'No valid fields to update'", async () => {
    await seed([{ score: 1, level: 1 }]);
    for (const body of [{}, { local_user_id: USER_B, created_at: 'x' }]) {
      const res = await api(scoresApi.byId(1), { method: 'PATCH', admin: true, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('No valid fields to update');
    }
  });

  it('invalid update values → 400, nothing changed', async () => {
    await seed([{ score: 1, level: 1 }]);
    for (const body of [{ level: 6 }, { score: -1 }, { struserinitials: 'ABCD' }]) {
      const res = await api(scoresApi.byId(1), { method: 'PATCH', admin: true, body });
      expect(res.statusCode).toBe(400);
    }
    expect((await api(scoresApi.byId(1))).json().data).toMatchObject({ score: 1, level: 1 });
  });
});

describe('submit_high_score (spec §7 Add) through the score rules', () => {
  it('R-7.HIGHSCORE-07 R-6.ROLES-03 anyone submits; the row is stored against the local id', async () => {
    const res = await submit({
      p_score: 10,
      p_level: 1,
      p_local_user_id: USER_A,
      p_initials: 'ab',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      score: 10,
      level: 1,
      local_user_id: USER_A,
      struserinitials: 'AB',
      user_id: null,
    });
    expect(res.json().data[0]).not.toHaveProperty('session_id');
  });

  it.each([
    ['R-8.SCORE-05', { p_level: 1, p_local_user_id: USER_A }, scoreMessages.scoreRequired],
    ['R-8.SCORE-06', { p_score: 1, p_local_user_id: USER_A }, scoreMessages.levelRequired],
    ['R-8.SCORE-07', { p_score: 1, p_level: 1 }, scoreMessages.localUserIdRequired],
    [
      'R-8.SCORE-08',
      { p_score: 1, p_level: 1, p_local_user_id: 'local-123' },
      scoreMessages.invalidLocalUserId,
    ],
  ])('%s the spec message', async (_id, params, message) => {
    const res = await submit(params);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });
});

describe('game sessions (issue 7 part 3, docs/decisions/008-score-integrity.md)', () => {
  it('POST /api/game-sessions → id, level, seed, startedAt', async () => {
    const session = await startSession(4);
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.level).toBe(4);
    expect(Number.isInteger(session.seed)).toBe(true);
    expect(Math.abs(Date.parse(session.startedAt) - Date.now())).toBeLessThan(60_000);
  });

  it.each([
    [{ level: 1 }, scoreMessages.localUserIdRequired],
    [{ local_user_id: 'x', level: 1 }, scoreMessages.invalidLocalUserId],
    [{ local_user_id: USER_A }, scoreMessages.levelRequired],
  ])('a bad session request %j → 400 %s', async (body, message) => {
    const res = await api(scoresApi.gameSessions, { method: 'POST', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('a possible score for the time played is accepted once', async () => {
    const session = await startSession(3);
    await age(session.id, 60);
    const params = {
      p_score: maxScoreFor(3, 60),
      p_level: 3,
      p_local_user_id: USER_A,
      p_initials: 'abc',
      p_session_id: session.id,
    };
    const res = await submit(params);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].score).toBe(maxScoreFor(3, 60));
  });

  it("Blaster's best possible play from the session's seed is accepted; more is refused", async () => {
    // The game (src/music/game/blasterGame.ts) run as a flawless piper would, for 90 s of
    // the session's own seed: the server must take that score, and refuse it inflated past
    // the level's ceiling.
    const session = await startSession(5);
    const game = createBlasterGame({ level: 5, seed: session.seed });
    game.tick(0);
    for (let frame = 1; frame <= 90 * 60; frame++) {
      const now = frame / 60;
      game.tick(now);
      for (const target of [...game.state.targets]) {
        if (target.grace) game.play(target.grace, now);
        game.play(target.pitch, now);
      }
    }
    expect(game.state.lives).toBe(START_LIVES);
    await age(session.id, game.state.gameSeconds);
    const params = { p_level: 5, p_local_user_id: USER_A, p_session_id: session.id };
    const inflated = await submit({ ...params, p_score: maxScoreFor(5, 95) });
    expect(inflated.statusCode).toBe(400);
    expect(inflated.json().error.message).toBe(scoreRuleMessages.impossibleScore);
    const honest = await submit({ ...params, p_score: game.state.score });
    expect(honest.statusCode, honest.body).toBe(200);
  });

  it('a replayed session is refused (409)', async () => {
    const session = await startSession(1);
    await age(session.id, 30);
    const params = { p_score: 100, p_level: 1, p_local_user_id: USER_A, p_session_id: session.id };
    expect((await submit(params)).statusCode).toBe(200);
    const replay = await submit(params);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.message).toBe(scoreRuleMessages.sessionUsed);
    expect(scoresOf(await api(scoresApi.list))).toEqual([100]);
  });

  it('two concurrent submits of one session: exactly one is stored', async () => {
    const session = await startSession(1);
    await age(session.id, 30);
    const params = { p_score: 100, p_level: 1, p_local_user_id: USER_A, p_session_id: session.id };
    const answers = await Promise.all([submit(params), submit(params), submit(params)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(scoresOf(await api(scoresApi.list))).toEqual([100]);
  });

  it('an impossible score for the elapsed time is refused', async () => {
    const session = await startSession(2);
    await age(session.id, 10);
    const res = await submit({
      p_score: maxScoreFor(2, 10) + 500,
      p_level: 2,
      p_local_user_id: USER_A,
      p_session_id: session.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(scoreRuleMessages.impossibleScore);
    // A refused score does not use the session up.
    await age(session.id, 600);
    const later = await submit({
      p_score: maxScoreFor(2, 10) + 500,
      p_level: 2,
      p_local_user_id: USER_A,
      p_session_id: session.id,
    });
    expect(later.statusCode).toBe(200);
  });

  it("another player's session is refused (403)", async () => {
    const session = await startSession(1, USER_B);
    await age(session.id, 30);
    const res = await submit({
      p_score: 10,
      p_level: 1,
      p_local_user_id: USER_A,
      p_session_id: session.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(scoreRuleMessages.sessionOtherPlayer);
  });

  it('a score for another level than the session is refused', async () => {
    const session = await startSession(1);
    await age(session.id, 30);
    const res = await submit({
      p_score: 10,
      p_level: 5,
      p_local_user_id: USER_A,
      p_session_id: session.id,
    });
    expect(res.json().error.message).toBe(scoreRuleMessages.sessionLevel);
  });

  it('an unknown or forged session id is refused (404)', async () => {
    for (const id of ['3e9c4f5a-6b7d-4e8f-9a0b-c1d2e3f4a5b6', 'forged', "1' or '1'='1"]) {
      const res = await submit({
        p_score: 10,
        p_level: 1,
        p_local_user_id: USER_A,
        p_session_id: id,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(scoreRuleMessages.sessionUnknown);
    }
  });

  it('an expired session is refused', async () => {
    const session = await startSession(1);
    await age(session.id, 4 * 60 * 60);
    const res = await submit({
      p_score: 10,
      p_level: 1,
      p_local_user_id: USER_A,
      p_session_id: session.id,
    });
    expect(res.json().error.message).toBe(scoreRuleMessages.sessionExpired);
  });

  it('by default (SCORE_SESSIONS=required) a score without a session is refused', async () => {
    const strict = await createTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    expect(strict.config.SCORE_SESSIONS).toBe('required');
    try {
      const bare = await submit({ p_score: 10, p_level: 1, p_local_user_id: USER_A }, strict);
      expect(bare.statusCode).toBe(400);
      expect(bare.json().error.message).toBe(scoreRuleMessages.sessionRequired);
      const session = await startSession(1, USER_A, strict);
      await age(session.id, 30, strict);
      const ok = await submit(
        { p_score: 10, p_level: 1, p_local_user_id: USER_A, p_session_id: session.id },
        strict,
      );
      expect(ok.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('sessions are rate-limited per client', async () => {
    const limited = await createTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const start = () =>
        call(limited, scoresApi.gameSessions, {
          method: 'POST',
          body: { local_user_id: USER_A, level: 1 },
        });
      expect((await start()).statusCode).toBe(201);
      expect((await start()).statusCode).toBe(201);
      expect((await start()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
