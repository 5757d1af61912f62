/**
 * The generic data API end to end (spec §7 'Data access', §8 'Data layer'; §6 for who may
 * write): the real app on a fresh migrated database, called with app.inject().
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataApi, HIGH_SCORE_TABLE, MAX_LIMIT } from '../../contracts/data.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import { DEFAULT_PUBLIC_KEY } from '../config.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

const TABLE = HIGH_SCORE_TABLE;
const USER_A = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const USER_B = '1c7a2d3f-4e5b-4c6d-9e7f-8091a2b3c4d5';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.rows(sql`truncate ${sql.identifier(TABLE)} restart identity`);
});

interface CallOptions {
  admin?: boolean;
  /** The public key header; `null` leaves it out. Defaults to the server's own key. */
  key?: string | null;
}

function headers({ admin = false, key = DEFAULT_PUBLIC_KEY }: CallOptions) {
  return {
    ...(key === null ? {} : { [PUBLIC_KEY_HEADER]: key }),
    ...(admin ? { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } : {}),
  };
}

function post(app: TestApp, url: string, body?: unknown, options: CallOptions = {}) {
  return app.app.inject({
    method: 'POST',
    url,
    headers: headers(options),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const call = (url: string, body?: unknown, options?: CallOptions) => post(t, url, body, options);

/**
 * Rows written straight to the database with chosen creation times, so ordering tests can
 * tell created_at order from id order.
 */
async function seed(
  rows: Array<{
    score: number;
    level: number;
    minutesAgo: number;
    user?: string | null;
    initials?: string | null;
  }>,
) {
  for (const row of rows) {
    await t.database.rows(sql`
      insert into ${sql.identifier(TABLE)} (score, level, struserinitials, local_user_id, created_at)
      values (${row.score}, ${row.level}, ${row.initials ?? null}, ${row.user === undefined ? USER_A : row.user},
              now() - make_interval(mins => ${row.minutesAgo}))`);
  }
}

async function count(): Promise<number> {
  const [row] = await t.database.rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(TABLE)}`,
  );
  return Number(row?.n);
}

describe('query', () => {
  it('R-7.DATA-01 selects every column by default', async () => {
    await seed([{ score: 10, level: 1, minutesAgo: 1, initials: 'ABC' }]);
    const res = await call(dataApi.query(TABLE), {});
    expect(res.statusCode).toBe(200);
    const [row] = res.json().data;
    expect(Object.keys(row).sort()).toEqual(
      ['created_at', 'id', 'level', 'local_user_id', 'score', 'struserinitials', 'user_id'].sort(),
    );
    expect(row).toMatchObject({
      score: 10,
      level: 1,
      struserinitials: 'ABC',
      local_user_id: USER_A,
      user_id: null,
    });
    // Timestamps are ISO 8601 strings on PGlite and PostgreSQL alike.
    expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
  });

  it('R-7.DATA-01 selects only the chosen columns', async () => {
    await seed([{ score: 10, level: 1, minutesAgo: 1 }]);
    const res = await call(dataApi.query(TABLE), { columns: ['score', 'level'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ score: 10, level: 1 }]);
  });

  it('R-7.DATA-02 applies equality filters, all of them', async () => {
    await seed([
      { score: 10, level: 1, minutesAgo: 3 },
      { score: 20, level: 2, minutesAgo: 2 },
      { score: 30, level: 2, minutesAgo: 1, user: USER_B },
    ]);
    const byLevel = await call(dataApi.query(TABLE), { filters: { level: 2 }, columns: ['score'] });
    expect(byLevel.json().data).toEqual([{ score: 30 }, { score: 20 }]);
    const byLevelAndUser = await call(dataApi.query(TABLE), {
      filters: { level: 2, local_user_id: USER_A },
      columns: ['score'],
    });
    expect(byLevelAndUser.json().data).toEqual([{ score: 20 }]);
  });

  it('R-7.DATA-02 a null filter matches rows where the column is null', async () => {
    await seed([
      { score: 10, level: 1, minutesAgo: 2, initials: null },
      { score: 20, level: 1, minutesAgo: 1, initials: 'XYZ' },
    ]);
    const res = await call(dataApi.query(TABLE), {
      filters: { struserinitials: null },
      columns: ['score'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ score: 10 }]);
  });

  it('R-7.DATA-02 a filter on an id given as a numeric string matches', async () => {
    await seed([{ score: 10, level: 1, minutesAgo: 2 }]);
    const res = await call(dataApi.query(TABLE), {
      filters: { id: '1' },
      columns: ['id', 'score'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ id: 1, score: 10 }]);
  });

  it('R-7.DATA-03 orders by created_at descending by default (not by id)', async () => {
    // Inserted in id order 1, 2, 3 but created 5, 1 and 3 minutes ago.
    await seed([
      { score: 1, level: 1, minutesAgo: 5 },
      { score: 2, level: 1, minutesAgo: 1 },
      { score: 3, level: 1, minutesAgo: 3 },
    ]);
    const res = await call(dataApi.query(TABLE), { columns: ['score'] });
    expect(res.json().data).toEqual([{ score: 2 }, { score: 3 }, { score: 1 }]);
  });

  it('R-7.DATA-03 orders by a chosen column, descending unless ascending is true', async () => {
    await seed([
      { score: 20, level: 1, minutesAgo: 1 },
      { score: 5, level: 1, minutesAgo: 2 },
      { score: 40, level: 1, minutesAgo: 3 },
    ]);
    const desc = await call(dataApi.query(TABLE), { orderBy: 'score', columns: ['score'] });
    expect(desc.json().data).toEqual([{ score: 40 }, { score: 20 }, { score: 5 }]);
    const asc = await call(dataApi.query(TABLE), {
      orderBy: 'score',
      ascending: true,
      columns: ['score'],
    });
    expect(asc.json().data).toEqual([{ score: 5 }, { score: 20 }, { score: 40 }]);
  });

  it('R-7.DATA-04 reads the range offset to offset+limit-1', async () => {
    await seed(Array.from({ length: 8 }, (_, i) => ({ score: i, level: 1, minutesAgo: i })));
    // Newest first: scores 0..7 in order; offset 2, limit 3 → rows 2, 3, 4.
    const res = await call(dataApi.query(TABLE), { offset: 2, limit: 3, columns: ['score'] });
    expect(res.json().data).toEqual([{ score: 2 }, { score: 3 }, { score: 4 }]);
    const tail = await call(dataApi.query(TABLE), { offset: 6, limit: 5, columns: ['score'] });
    expect(tail.json().data).toEqual([{ score: 6 }, { score: 7 }]);
  });

  it('R-7.DATA-04 pages never overlap when sort values tie', async () => {
    await seed(Array.from({ length: 6 }, (_, i) => ({ score: 7, level: 1, minutesAgo: i })));
    const first = await call(dataApi.query(TABLE), { orderBy: 'score', limit: 3, columns: ['id'] });
    const second = await call(dataApi.query(TABLE), {
      orderBy: 'score',
      limit: 3,
      offset: 3,
      columns: ['id'],
    });
    const ids = [...first.json().data, ...second.json().data].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(6);
  });

  it('R-7.DATA-05 defaults to limit 10 and offset 0', async () => {
    await seed(Array.from({ length: 12 }, (_, i) => ({ score: i, level: 1, minutesAgo: i })));
    const res = await call(dataApi.query(TABLE), {});
    const scores = res.json().data.map((r: { score: number }) => r.score);
    expect(scores).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('R-7.DATA-05 a query with no body at all uses the defaults', async () => {
    await seed([{ score: 1, level: 1, minutesAgo: 1 }]);
    const res = await call(dataApi.query(TABLE));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
  });

  it('R-7.DATA-11 count gives the number of matching rows, not the page size', async () => {
    await seed([
      { score: 1, level: 1, minutesAgo: 1 },
      { score: 2, level: 1, minutesAgo: 2 },
      { score: 3, level: 2, minutesAgo: 3 },
    ]);
    const all = await call(dataApi.query(TABLE), { count: true, limit: 1, columns: ['id'] });
    expect(all.json()).toEqual({ data: [{ id: 1 }], count: 3 });
    const filtered = await call(dataApi.query(TABLE), {
      count: true,
      limit: 1,
      filters: { level: 1 },
    });
    expect(filtered.json().count).toBe(2);
    const without = await call(dataApi.query(TABLE), {});
    expect(without.json()).not.toHaveProperty('count');
  });

  it('R-7.DATA-11 count on an empty table is 0', async () => {
    const res = await call(dataApi.query(TABLE), { count: true, limit: 1, columns: ['id'] });
    expect(res.json()).toEqual({ data: [], count: 0 });
  });

  it('anonymous visitors may read (spec §6)', async () => {
    await seed([{ score: 1, level: 1, minutesAgo: 1 }]);
    const res = await call(dataApi.query(TABLE), {}, { admin: false });
    expect(res.statusCode).toBe(200);
  });
});

describe('query validation', () => {
  it.each([
    ['an unknown column', { columns: ['score', 'nope'] }, 'Unknown column nope'],
    ['an unknown filter column', { filters: { nope: 1 } }, 'Unknown column nope'],
    ['an unknown order column', { orderBy: 'nope' }, 'Unknown column nope'],
    ['a filter value of the wrong type', { filters: { level: 'two' } }, 'Invalid value for level'],
    ['a filter value out of range', { filters: { level: 9 } }, 'Invalid value for level'],
    [
      'a malformed uuid filter',
      { filters: { local_user_id: 'not-a-uuid' } },
      'Invalid value for local_user_id',
    ],
    ['a limit of 0', { limit: 0 }, 'limit'],
    ['a limit above the maximum', { limit: MAX_LIMIT + 1 }, 'limit'],
    ['a negative offset', { offset: -1 }, 'offset'],
    ['a fractional limit', { limit: 2.5 }, 'limit'],
    ['ascending as a string', { ascending: 'yes' }, 'ascending'],
    ['an empty column list', { columns: [] }, 'columns'],
    ['an object as a filter value', { filters: { level: { gt: 1 } } }, 'filters.level'],
    ['a body that is an array', [1, 2], 'expected object'],
  ])('R-7.DATA-01 %s → 400 with a clear message', async (_what, body, message) => {
    const res = await call(dataApi.query(TABLE), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(res.json().error.code).toBeTruthy();
  });

  it('malformed JSON → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: dataApi.query(TABLE),
      headers: { ...headers({}), 'content-type': 'application/json' },
      payload: '{"limit": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });

  it('a filter value the database cannot read as the column type → 400, not 500', async () => {
    const badDate = await call(dataApi.query(TABLE), { filters: { created_at: 'yesterday-ish' } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toMatchObject({ code: 'invalid_value' });
    expect(badDate.json().error.message).toContain('yesterday-ish');
    const hugeId = await call(dataApi.query(TABLE), { filters: { id: '99999999999999' } });
    expect(hugeId.statusCode).toBe(400);
    expect(hugeId.json().error.message).toContain('out of range');
  });

  it('an unknown table → 404', async () => {
    const res = await call(dataApi.query('users'), {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ message: 'Unknown table users', code: 'unknown_table' });
  });

  it('a table name with different case is not the table (no identifier folding)', async () => {
    const res = await call(dataApi.query('TblBlasterHighScore'), {});
    expect(res.statusCode).toBe(404);
  });
});

describe('SQL injection is refused', () => {
  it.each([
    `${TABLE}; drop table ${TABLE}`,
    `${TABLE}" where 1=1 --`,
    `pg_catalog.pg_tables`,
    `information_schema.tables`,
    `__proto__`,
    `constructor`,
  ])('table name %j → 404 and the table survives', async (name) => {
    await seed([{ score: 1, level: 1, minutesAgo: 1 }]);
    const res = await call(`/api/data/${encodeURIComponent(name)}/query`, {});
    expect(res.statusCode).toBe(404);
    expect(await count()).toBe(1);
  });

  it.each([
    ['a column list', { columns: ['score; drop table tblblasterhighscore'] }],
    ['a column list with a quote', { columns: ['score" from pg_user --'] }],
    ['a filter key', { filters: { '1=1 or level': 1 } }],
    ['an order column', { orderBy: 'score desc; delete from tblblasterhighscore' }],
    ['a star', { columns: ['*'] }],
  ])('an identifier in %s → 400 and the table survives', async (_where, body) => {
    await seed([{ score: 1, level: 1, minutesAgo: 1 }]);
    const res = await call(dataApi.query(TABLE), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Invalid identifier|Invalid key|Unknown column/);
    expect(await count()).toBe(1);
  });

  it('a filter value is a bound parameter, never SQL', async () => {
    await seed([{ score: 1, level: 1, minutesAgo: 1, initials: 'ABC' }]);
    // Three characters: the most struserinitials allows, enough to close a quote and comment.
    const res = await call(dataApi.query(TABLE), { filters: { struserinitials: "'--" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('a written value is stored verbatim', async () => {
    const res = await call(
      dataApi.insert(TABLE),
      { rows: { score: 1, level: 1, struserinitials: "');" } },
      { admin: true },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].struserinitials).toBe("');");
    expect(await count()).toBe(1);
  });
});

describe('insert, update, delete (administrators)', () => {
  it('R-7.DATA-06 R-7.DATA-07 inserts one row and returns it', async () => {
    const res = await call(
      dataApi.insert(TABLE),
      { rows: { score: 50, level: 2, local_user_id: USER_A } },
      { admin: true },
    );
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id: 1,
      score: 50,
      level: 2,
      local_user_id: USER_A,
      struserinitials: null,
      user_id: null,
    });
    expect(typeof data[0].created_at).toBe('string');
    expect(await count()).toBe(1);
  });

  it('R-7.DATA-06 R-7.DATA-07 inserts an array and returns every row; missing columns take defaults', async () => {
    const res = await call(
      dataApi.insert(TABLE),
      {
        rows: [
          { score: 1, level: 1, struserinitials: 'AB' },
          { score: 2, level: 3 },
        ],
      },
      { admin: true },
    );
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((r: { score: number; struserinitials: string | null }) => [
          r.score,
          r.struserinitials,
        ]),
    ).toEqual([
      [1, 'AB'],
      [2, null],
    ]);
    expect(await count()).toBe(2);
  });

  it('R-7.DATA-08 updates rows matched by equality and returns them', async () => {
    await seed([
      { score: 1, level: 1, minutesAgo: 3 },
      { score: 2, level: 1, minutesAgo: 2, user: USER_B },
      { score: 3, level: 2, minutesAgo: 1 },
    ]);
    const res = await call(
      dataApi.update(TABLE),
      { match: { level: 1, local_user_id: USER_A }, values: { score: 99, struserinitials: 'ZZ' } },
      { admin: true },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({ id: 1, score: 99, struserinitials: 'ZZ' });
    const rest = await call(dataApi.query(TABLE), {
      orderBy: 'id',
      ascending: true,
      columns: ['score'],
    });
    expect(rest.json().data).toEqual([{ score: 99 }, { score: 2 }, { score: 3 }]);
  });

  it('R-7.DATA-08 an update may set a column to null, and match on null', async () => {
    await seed([{ score: 1, level: 1, minutesAgo: 1, initials: 'AB' }]);
    const cleared = await call(
      dataApi.update(TABLE),
      { match: { id: 1 }, values: { struserinitials: null } },
      { admin: true },
    );
    expect(cleared.json().data[0].struserinitials).toBeNull();
    const again = await call(
      dataApi.update(TABLE),
      { match: { struserinitials: null }, values: { score: 5 } },
      { admin: true },
    );
    expect(again.json().data).toHaveLength(1);
    expect(again.json().data[0].score).toBe(5);
  });

  it('R-7.DATA-08 an update that matches nothing returns an empty list', async () => {
    const res = await call(
      dataApi.update(TABLE),
      { match: { id: 42 }, values: { score: 1 } },
      { admin: true },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('R-7.DATA-09 deletes rows matched by equality and returns them', async () => {
    await seed([
      { score: 1, level: 1, minutesAgo: 3 },
      { score: 2, level: 2, minutesAgo: 2 },
      { score: 3, level: 2, minutesAgo: 1 },
    ]);
    const res = await call(dataApi.delete(TABLE), { match: { level: 2 } }, { admin: true });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((r: { score: number }) => r.score)
        .sort(),
    ).toEqual([2, 3]);
    expect(await count()).toBe(1);
  });

  it.each([
    ['insert', dataApi.insert(TABLE), { rows: { score: 1, level: 1 } }],
    ['update', dataApi.update(TABLE), { match: { id: 1 }, values: { score: 2 } }],
    ['delete', dataApi.delete(TABLE), { match: { id: 1 } }],
  ])(
    'R-6.ROLES-10 an anonymous %s → 403: the public key grants no write',
    async (operation, url, body) => {
      await seed([{ score: 1, level: 1, minutesAgo: 1 }]);
      const res = await call(url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        message: `You may not ${operation} rows of ${TABLE}`,
        code: 'forbidden',
      });
      const [row] = (await call(dataApi.query(TABLE), {})).json().data;
      expect(row.score).toBe(1);
    },
  );

  it('R-6.ROLES-10 a wrong admin token is an anonymous caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: dataApi.insert(TABLE),
      headers: {
        [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY,
        authorization: 'Bearer not-the-admin-token-at-all-000',
      },
      payload: { rows: { score: 1, level: 1 } },
    });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['insert', dataApi.insert('nope'), { rows: { score: 1 } }],
    ['update', dataApi.update('nope'), { match: { id: 1 }, values: { score: 1 } }],
    ['delete', dataApi.delete('nope'), { match: { id: 1 } }],
  ])('%s into an unknown table → 404', async (_op, url, body) => {
    const res = await call(url, body, { admin: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('unknown_table');
  });
});

describe('write validation', () => {
  const admin = { admin: true };

  it.each([
    ['a read-only id', { rows: { id: 5, score: 1, level: 1 } }, 'Column id is read-only'],
    [
      'a read-only created_at',
      { rows: { score: 1, level: 1, created_at: '2020-01-01T00:00:00Z' } },
      'Column created_at is read-only',
    ],
    ['an unknown column', { rows: { score: 1, level: 1, bogus: 1 } }, 'Unknown column bogus'],
    ['a level out of range', { rows: { score: 1, level: 6 } }, 'Invalid value for level'],
    ['a negative score', { rows: { score: -1, level: 1 } }, 'Invalid value for score'],
    [
      'initials longer than 3',
      { rows: { score: 1, level: 1, struserinitials: 'ABCD' } },
      'Invalid value for struserinitials',
    ],
    [
      'a malformed uuid',
      { rows: { score: 1, level: 1, local_user_id: 'x' } },
      'Invalid value for local_user_id',
    ],
    ['a row with no columns', { rows: {} }, 'Rows have no columns'],
    ['an empty array', { rows: [] }, 'rows'],
    ['no rows at all', {}, 'rows'],
    ['a score given as text', { rows: { score: '1', level: 1 } }, 'Invalid value for score'],
  ])('insert with %s → 400', async (_what, body, message) => {
    const res = await call(dataApi.insert(TABLE), body, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await count()).toBe(0);
  });

  it('insert without a required column → 400 naming it, not 500', async () => {
    const res = await call(dataApi.insert(TABLE), { rows: { level: 1 } }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      message: 'Column score is required',
      code: 'missing_column',
    });
    expect(await count()).toBe(0);
  });

  it('one bad row in an array inserts none', async () => {
    const res = await call(
      dataApi.insert(TABLE),
      {
        rows: [
          { score: 1, level: 1 },
          { score: 1, level: 7 },
        ],
      },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(await count()).toBe(0);
  });

  it.each([
    ['a read-only column', { match: { id: 1 }, values: { id: 2 } }, 'Column id is read-only'],
    ['an unknown value column', { match: { id: 1 }, values: { bogus: 2 } }, 'Unknown column bogus'],
    [
      'an unknown match column',
      { match: { bogus: 1 }, values: { score: 2 } },
      'Unknown column bogus',
    ],
    ['an invalid value', { match: { id: 1 }, values: { level: 0 } }, 'Invalid value for level'],
    ['no match', { values: { score: 2 } }, 'match'],
    ['an empty match', { match: {}, values: { score: 2 } }, 'A match is required'],
    ['empty values', { match: { id: 1 }, values: {} }, 'Values are required'],
    [
      'setting a required column to null',
      { match: { id: 1 }, values: { score: null } },
      'Invalid value for score',
    ],
  ])('update with %s → 400 and nothing changes', async (_what, body, message) => {
    await seed([{ score: 1, level: 1, minutesAgo: 1 }]);
    const res = await call(dataApi.update(TABLE), body, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    const [row] = (await call(dataApi.query(TABLE), {})).json().data;
    expect(row).toMatchObject({ id: 1, score: 1, level: 1 });
  });

  it.each([
    ['no match', {}, 'match'],
    ['an empty match (would delete every row)', { match: {} }, 'A match is required'],
    ['an unknown match column', { match: { bogus: 1 } }, 'Unknown column bogus'],
    ['an invalid match value', { match: { id: 'one' } }, 'Invalid value for id'],
  ])('delete with %s → 400 and nothing is deleted', async (_what, body, message) => {
    await seed([{ score: 1, level: 1, minutesAgo: 1 }]);
    const res = await call(dataApi.delete(TABLE), body, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await count()).toBe(1);
  });
});

describe('public key header', () => {
  it.each([
    ['missing', null],
    ['wrong', 'someone-elses-key'],
    ['empty', ''],
  ])('a %s public key → 401 on every data route', async (_what, key) => {
    const urls = [
      dataApi.query(TABLE),
      dataApi.insert(TABLE),
      dataApi.update(TABLE),
      dataApi.delete(TABLE),
      dataApi.rpc('submit_high_score'),
    ];
    for (const url of urls) {
      const res = await call(url, {}, { key, admin: true });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error).toEqual({
        message: 'Invalid or missing API key',
        code: 'invalid_key',
      });
    }
  });

  it('the key is checked before the table is looked up', async () => {
    const res = await call(dataApi.query('nope'), {}, { key: null });
    expect(res.statusCode).toBe(401);
  });

  it('R-1.ENV-05 the key is the one /api/config publishes for the server environment', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    const key = config.environments[config.environment].publicKey;
    expect(key).toBe(DEFAULT_PUBLIC_KEY);
    const res = await call(dataApi.query(TABLE), {}, { key });
    expect(res.statusCode).toBe(200);
  });

  it('other endpoints do not need the key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
  });

  it('R-1.ENV-05 a configured public key replaces the default', async () => {
    const custom = await createTestApp({ PRODUCTION_PUBLIC_KEY: 'my-own-key' });
    try {
      expect((await post(custom, dataApi.query(TABLE), {})).statusCode).toBe(401);
      expect((await post(custom, dataApi.query(TABLE), {}, { key: 'my-own-key' })).statusCode).toBe(
        200,
      );
    } finally {
      await custom.close();
    }
  });
});

describe('write rate limit', () => {
  it('writes beyond WRITE_RATE_LIMIT_PER_MINUTE → 429; reads are not limited', async () => {
    // The plain RPC (no game session) is the cheapest write to count.
    const limited = await createTestApp({
      WRITE_RATE_LIMIT_PER_MINUTE: '2',
      SCORE_SESSIONS: 'optional',
    });
    try {
      const params = { p_score: 1, p_level: 1, p_local_user_id: USER_A };
      const rpc = () => post(limited, dataApi.rpc('submit_high_score'), { params });
      expect((await rpc()).statusCode).toBe(200);
      expect((await rpc()).statusCode).toBe(200);
      const third = await rpc();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toMatch(/rate limit/i);
      // Each write route counts on its own.
      const insert = () =>
        post(limited, dataApi.insert(TABLE), { rows: { score: 1, level: 1 } }, { admin: true });
      expect((await insert()).statusCode).toBe(200);
      expect((await insert()).statusCode).toBe(200);
      expect((await insert()).statusCode).toBe(429);
      for (let i = 0; i < 5; i++) {
        expect((await post(limited, dataApi.query(TABLE), {})).statusCode).toBe(200);
      }
      const rows = await limited.database.rows(
        sql`select count(*)::int as n from ${sql.identifier(TABLE)}`,
      );
      expect(rows[0]).toEqual({ n: 4 });
    } finally {
      await limited.close();
    }
  });
});
