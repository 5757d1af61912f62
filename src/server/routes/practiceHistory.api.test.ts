/**
 * The practice history's sync (issue 18 'Done when': sync is idempotent, a user cannot write or
 * read another's history, oversized or malformed batches are refused with a clear error and
 * nothing stored; item 2: delete all, included in the account's deletion). Runs on PGlite, and
 * on PostgreSQL under scripts/with-postgres.sh.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes } from '../../contracts/api/accountRoutes.ts';
import type { ApiRoute } from '../../contracts/api/apiRoute.ts';
import {
  PRACTICE_LIMITS,
  progressMessages,
  type PracticeRecord,
} from '../../contracts/progress/practiceRecord.ts';
import { progressRoutes as r } from '../../contracts/progress/progressRoutes.ts';
import { signIn } from '../auth/testSignIn.ts';
import { uploadPractice } from '../services/progress/practiceHistoryService.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

let t: TestApp;
let alice: string;
let bob: string;

function record(overrides: Partial<PracticeRecord> = {}): PracticeRecord {
  return {
    id: randomUUID(),
    tool: 'playAlong',
    startedAt: Date.UTC(2026, 10, 1, 18, 0),
    durationMs: 240_000,
    notesPlayed: 180,
    accuracy: 0.82,
    tune: { id: 'scotland-the-brave', title: 'Scotland the Brave' },
    tempo: 84,
    families: [{ key: 'doubling', right: 7, wrong: 2, missing: 1 }],
    cards: [],
    ...overrides,
  };
}

async function call(
  route: ApiRoute,
  who: string | null,
  input: { query?: Record<string, string>; body?: unknown; raw?: string } = {},
) {
  const payload = input.raw ?? (input.body !== undefined ? JSON.stringify(input.body) : undefined);
  const response = await t.app.inject({
    method: route.method,
    url: route.build({}, input.query),
    headers: {
      origin: t.config.siteUrl,
      ...(who ? { cookie: who } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    json: response.json() as {
      data?: { stored?: number; records?: PracticeRecord[]; cursor?: string; more?: boolean };
      error?: { code: string; message: string };
    },
    headers: response.headers,
  };
}

async function rowsOf(email: string): Promise<number> {
  const [row] = await t.database.rows<{ n: number }>(
    sql`select count(*)::int as n from practice_sessions p join "user" u on u.id = p.user_id
        where u.email = ${email}`,
  );
  return Number(row?.n ?? 0);
}

async function download(who: string, since?: string) {
  const answer = await call(r.download, who, since ? { query: { since } } : {});
  expect(answer.status).toBe(200);
  return answer.json.data!;
}

beforeAll(async () => {
  t = await createTestApp({
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '10000',
  });
  alice = await signIn(t, 'alice.progress@example.org');
  bob = await signIn(t, 'bob.progress@example.org');
});
afterAll(async () => {
  await t.close();
});

describe('issue 18.2 practice history sync', () => {
  it('issue 18.2: the same batch uploaded twice is stored once', async () => {
    const batch = [record(), record({ tool: 'metronome', accuracy: null, tune: null })];
    const first = await call(r.upload, alice, { body: { records: batch } });
    expect(first.status).toBe(200);
    expect(first.json.data?.stored).toBe(2);
    const again = await call(r.upload, alice, { body: { records: batch } });
    expect(again.status).toBe(200);
    expect(again.json.data?.stored).toBe(0);
    expect(await rowsOf('alice.progress@example.org')).toBe(2);
    const page = await download(alice);
    expect(page.records?.map((x) => x.id).sort()).toEqual(batch.map((x) => x.id).sort());
    expect(page.records?.find((x) => x.id === batch[0]!.id)).toEqual(batch[0]);
    expect(page.more).toBe(false);
    // The cursor moves on: asking again from it answers nothing new.
    const next = await download(alice, page.cursor);
    expect(next.records).toEqual([]);
    expect(next.cursor).toBe(page.cursor);
  });

  it("issue 18.2: a user cannot read or write another user's history", async () => {
    const mine = record();
    await call(r.upload, alice, { body: { records: [mine] } });
    const bobs = await download(bob);
    expect(bobs.records?.some((x) => x.id === mine.id)).toBe(false);
    // Bob sending Alice's session id stores Bob's own copy; Alice's row is untouched.
    const forged = { ...mine, durationMs: 1 };
    const sent = await call(r.upload, bob, { body: { records: [forged] } });
    expect(sent.status).toBe(200);
    expect((await download(alice)).records?.find((x) => x.id === mine.id)?.durationMs).toBe(
      240_000,
    );
    // Deleting is one's own too.
    const before = await rowsOf('alice.progress@example.org');
    expect((await call(r.deleteAll, bob)).status).toBe(200);
    expect(await rowsOf('alice.progress@example.org')).toBe(before);
    expect(await rowsOf('bob.progress@example.org')).toBe(0);
  });

  it('issue 18.2: anonymous callers are refused (401) on every route', async () => {
    for (const route of Object.values(r)) {
      const body = route.method === 'POST' ? { records: [record()] } : undefined;
      const answer = await call(route, null, body ? { body } : {});
      expect(answer.status, route.pattern).toBe(401);
    }
  });

  it('issue 18.2: malformed and oversized batches are refused with a clear error and nothing stored', async () => {
    const before = await rowsOf('alice.progress@example.org');
    const good = record();
    const cases: { body?: unknown; raw?: string; status: number; message: RegExp }[] = [
      { body: { records: [good, { ...record(), id: 'not-a-uuid' }] }, status: 400, message: /id/ },
      {
        body: { records: [good, { ...record(), accuracy: 1.5 }] },
        status: 400,
        message: /accuracy/,
      },
      { body: { records: [good, { ...record(), tool: 'kazoo' }] }, status: 400, message: /tool/ },
      { body: { records: [good, good] }, status: 400, message: /appears twice/ },
      {
        body: { records: Array.from({ length: PRACTICE_LIMITS.maxBatch + 1 }, () => record()) },
        status: 400,
        message: /at most 500/,
      },
      {
        body: {
          records: Array.from({ length: 400 }, () =>
            record({ tune: { id: 'x'.repeat(200), title: 't'.repeat(200) } }),
          ),
        },
        status: 413,
        message: /at most 256 KB/,
      },
      { raw: '{"records": [', status: 400, message: /./ },
    ];
    for (const c of cases) {
      const answer = await call(r.upload, alice, c.raw ? { raw: c.raw } : { body: c.body });
      expect(answer.status, JSON.stringify(answer.json)).toBe(c.status);
      expect(answer.json.error?.message).toMatch(c.message);
    }
    expect(await rowsOf('alice.progress@example.org')).toBe(before);
  });

  it('issue 18.2: a batch past the per-account bound is refused whole (history_full)', async () => {
    const [row] = await t.database.rows<{ id: string }>(
      sql`select id from "user" where email = 'alice.progress@example.org'`,
    );
    const have = await rowsOf('alice.progress@example.org');
    await expect(
      uploadPractice(t.database, row!.id, [record(), record()], have + 1),
    ).rejects.toMatchObject({
      status: 409,
      code: 'history_full',
      message: progressMessages.historyFull,
    });
    expect(await rowsOf('alice.progress@example.org')).toBe(have);
    // Records already stored do not count twice against the bound.
    const page = await download(alice);
    const known = page.records!.slice(0, 1);
    await expect(uploadPractice(t.database, row!.id, known, have)).resolves.toMatchObject({
      stored: 0,
    });
  });

  it('issue 18.2: the download pages through a long history with its cursor', async () => {
    const carol = await signIn(t, 'carol.progress@example.org');
    const many = Array.from({ length: PRACTICE_LIMITS.pageSize + 5 }, (_, i) =>
      record({ startedAt: Date.UTC(2025, 0, 1) + i * 86_400_000 }),
    );
    for (let i = 0; i < many.length; i += PRACTICE_LIMITS.maxBatch) {
      const sent = await call(r.upload, carol, {
        body: { records: many.slice(i, i + PRACTICE_LIMITS.maxBatch) },
      });
      expect(sent.status).toBe(200);
    }
    const first = await download(carol);
    expect(first.records).toHaveLength(PRACTICE_LIMITS.pageSize);
    expect(first.more).toBe(true);
    const second = await download(carol, first.cursor);
    expect(second.records).toHaveLength(5);
    expect(second.more).toBe(false);
    const seen = new Set([...first.records!, ...second.records!].map((x) => x.id));
    expect(seen.size).toBe(many.length);
  });

  it("issue 18.2: delete all removes the history; the account's deletion removes it too", async () => {
    const dave = await signIn(t, 'dave.progress@example.org');
    await call(r.upload, dave, { body: { records: [record(), record()] } });
    const gone = await call(r.deleteAll, dave);
    expect(gone.status).toBe(200);
    expect(gone.json.data).toEqual({ deleted: 2 });
    expect(await rowsOf('dave.progress@example.org')).toBe(0);

    await call(r.upload, dave, { body: { records: [record()] } });
    const [row] = await t.database.rows<{ id: string }>(
      sql`select id from "user" where email = 'dave.progress@example.org'`,
    );
    const deleted = await call(accountRoutes.deleteMe, dave);
    expect(deleted.status).toBe(200);
    const [left] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from practice_sessions where user_id = ${row!.id}`,
    );
    expect(Number(left?.n)).toBe(0);
  });

  it('issue 18.2: answers are never cached', async () => {
    const answer = await call(r.download, alice);
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});
