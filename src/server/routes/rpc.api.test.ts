/**
 * The rpc endpoint (spec §7 'Data access' rpc, 'High score table' submit_high_score; messages
 * of §8 'Score service'): the one way anonymous visitors write.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataApi, HIGH_SCORE_TABLE, SUBMIT_HIGH_SCORE_RPC } from '../../contracts/data.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import { DEFAULT_PUBLIC_KEY } from '../config.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

const LOCAL_USER = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';

let t: TestApp;

beforeAll(async () => {
  // Many writes from one address: lift the write limit (data.api.test.ts tests the limit).
  // These tests prove the spec's four-parameter RPC (§7), which a deployment keeps with
  // SCORE_SESSIONS=optional; the default, required, is tested in scores.api.test.ts.
  t = await createTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '10000', SCORE_SESSIONS: 'optional' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.rows(sql`truncate ${sql.identifier(HIGH_SCORE_TABLE)} restart identity`);
});

function rpc(name: string, body: unknown, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: dataApi.rpc(name),
    headers: { [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY, ...extra },
    payload: body as object,
  });
}

const submit = (params: Record<string, unknown>) => rpc(SUBMIT_HIGH_SCORE_RPC, { params });

async function storedRows() {
  return t.database.rows(
    sql`select score, level, struserinitials, local_user_id, user_id from ${sql.identifier(HIGH_SCORE_TABLE)} order by id`,
  );
}

describe('submit_high_score', () => {
  it('R-7.DATA-10 an anonymous visitor submits a score and gets the stored row back', async () => {
    const res = await submit({
      p_score: 1200,
      p_local_user_id: LOCAL_USER,
      p_level: 3,
      p_initials: 'abc',
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id: 1,
      score: 1200,
      level: 3,
      struserinitials: 'ABC',
      local_user_id: LOCAL_USER,
      user_id: null,
    });
    expect(typeof data[0].created_at).toBe('string');
    expect(await storedRows()).toHaveLength(1);
  });

  it('R-7.HIGHSCORE-08 absent initials are stored as null', async () => {
    const res = await submit({ p_score: 5, p_local_user_id: LOCAL_USER, p_level: 1 });
    expect(res.json().data[0].struserinitials).toBeNull();
  });

  it.each([null, '', '   '])(
    'R-7.HIGHSCORE-08 initials %j are stored as null',
    async (initials) => {
      const res = await submit({
        p_score: 5,
        p_local_user_id: LOCAL_USER,
        p_level: 1,
        p_initials: initials,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data[0].struserinitials).toBeNull();
    },
  );

  it('initials are upper-cased, trimmed and cut to 3 letters', async () => {
    const res = await submit({
      p_score: 5,
      p_local_user_id: LOCAL_USER,
      p_level: 1,
      p_initials: ' abcdef ',
    });
    expect(res.json().data[0].struserinitials).toBe('ABC');
  });

  it('a score of 0 is a score', async () => {
    const res = await submit({ p_score: 0, p_local_user_id: LOCAL_USER, p_level: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].score).toBe(0);
  });

  it('numbers given as numeric text are accepted', async () => {
    const res = await submit({ p_score: '42', p_local_user_id: LOCAL_USER, p_level: '2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ score: 42, level: 2 });
  });

  it('an upper-case local user id is accepted', async () => {
    const res = await submit({ p_score: 1, p_local_user_id: LOCAL_USER.toUpperCase(), p_level: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].local_user_id).toBe(LOCAL_USER);
  });

  it('the submitted row is readable through query', async () => {
    await submit({ p_score: 77, p_local_user_id: LOCAL_USER, p_level: 4, p_initials: 'xy' });
    const res = await t.app.inject({
      method: 'POST',
      url: dataApi.query(HIGH_SCORE_TABLE),
      headers: { [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY },
      payload: {
        filters: { local_user_id: LOCAL_USER },
        columns: ['score', 'level', 'struserinitials'],
      },
    });
    expect(res.json().data).toEqual([{ score: 77, level: 4, struserinitials: 'XY' }]);
  });

  it('an administrator may submit too (stored without a user id)', async () => {
    const res = await rpc(
      SUBMIT_HIGH_SCORE_RPC,
      { params: { p_score: 1, p_local_user_id: LOCAL_USER, p_level: 1 } },
      { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].user_id).toBeNull();
  });
});

describe('submit_high_score validation (spec §8 Score service)', () => {
  const valid = { p_score: 10, p_local_user_id: LOCAL_USER, p_level: 1 };

  it.each([
    ['R-8.SCORE-05 a missing score', { ...valid, p_score: undefined }, 'Score is required'],
    ['R-8.SCORE-05 a null score', { ...valid, p_score: null }, 'Score is required'],
    ['R-8.SCORE-05 an empty score', { ...valid, p_score: '' }, 'Score is required'],
    ['R-8.SCORE-06 a missing level', { ...valid, p_level: undefined }, 'Level is required'],
    ['R-8.SCORE-06 a null level', { ...valid, p_level: null }, 'Level is required'],
    [
      'R-8.SCORE-07 a missing local_user_id',
      { ...valid, p_local_user_id: undefined },
      'local_user_id is required',
    ],
    [
      'R-8.SCORE-07 an empty local_user_id',
      { ...valid, p_local_user_id: '' },
      'local_user_id is required',
    ],
    [
      'R-8.SCORE-08 a malformed local_user_id',
      { ...valid, p_local_user_id: 'not-a-uuid' },
      'Invalid local_user_id UUID format',
    ],
    [
      'R-8.SCORE-08 a local_user_id that is a number',
      { ...valid, p_local_user_id: 12345 },
      'Invalid local_user_id UUID format',
    ],
    [
      'R-8.SCORE-08 a uuid that is not version 4',
      { ...valid, p_local_user_id: '0b6f1c2e-3d4a-1b5c-8d6e-7f8091a2b3c4' },
      'Invalid local_user_id UUID format',
    ],
  ])('%s → 400 %j', async (_what, params, message) => {
    const res = await submit(params);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await storedRows()).toEqual([]);
  });

  it('with nothing given, the score is reported first', async () => {
    const res = await submit({});
    expect(res.json().error.message).toBe('Score is required');
  });

  it.each([
    ['a negative score', { ...valid, p_score: -1 }, 'Score must be a whole number'],
    ['a fractional score', { ...valid, p_score: 1.5 }, 'Score must be a whole number'],
    ['a score that is not a number', { ...valid, p_score: 'lots' }, 'Score must be a whole number'],
    ['a level of 0', { ...valid, p_level: 0 }, 'Level must be a whole number from 1 to 5'],
    ['a level of 6', { ...valid, p_level: 6 }, 'Level must be a whole number from 1 to 5'],
    ['a boolean level', { ...valid, p_level: true }, 'Level must be a whole number'],
  ])('%s → 400', async (_what, params, message) => {
    const res = await submit(params);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await storedRows()).toEqual([]);
  });

  it.each([
    ['params that are not an object', { params: 'x' }],
    ['a nested object parameter', { params: { p_score: { value: 1 } } }],
    ['a parameter name that is not an identifier', { params: { 'p_score; drop': 1 } }],
  ])('%s → 400', async (_what, body) => {
    const res = await rpc(SUBMIT_HIGH_SCORE_RPC, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });
});

describe('rpc routing', () => {
  it.each(['nope', 'toString', '__proto__', 'constructor', 'hasOwnProperty'])(
    'R-7.DATA-10 unknown function %s → 404',
    async (name) => {
      const res = await rpc(name, { params: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        message: `Unknown function ${name}`,
        code: 'unknown_function',
      });
    },
  );

  it('an rpc without the public key → 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: dataApi.rpc(SUBMIT_HIGH_SCORE_RPC),
      payload: { params: { p_score: 1, p_local_user_id: LOCAL_USER, p_level: 1 } },
    });
    expect(res.statusCode).toBe(401);
    expect(await storedRows()).toEqual([]);
  });
});
