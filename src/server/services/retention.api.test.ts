/**
 * Issue 13.10: every table anonymous callers grow is bounded — a per-client daily cap on the
 * writes that store rows (the N+1th of the day is a 429 `rate_limited`), and a pruner that
 * deletes exactly what is past each table's retention, at an injected `now`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataApi, SUBMIT_HIGH_SCORE_RPC } from '../../contracts/data.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import { ANALYTICS_PATH, CLIENT_ERRORS_PATH, FEEDBACK_PATH } from '../../contracts/monitoring.ts';
import { scoresApi } from '../../contracts/scores.ts';
import { solvedHumanCheck } from '../auth/testSignIn.ts';
import { DEFAULT_PUBLIC_KEY } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import {
  createDailyWriteCaps,
  DAILY_CAP_MESSAGE,
  DEFAULT_DAILY_CAPS,
  DailyCapError,
} from './dailyWriteCaps.ts';
import { PRUNE_BATCH, pruneOnce, RETENTION, startPruner } from './pruner.ts';

const LOCAL_USER = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
let t: TestApp;
let clientNumber = 0;

beforeAll(async () => {
  t = await createTestApp({
    DAILY_WRITE_CAPS:
      'analytics_events=5, client_errors=3, feedback_reports=2, form_submissions=1, tblgamesession=3, tblblasterhighscore=2',
    SCORE_SESSIONS: 'optional',
    WRITE_RATE_LIMIT_PER_MINUTE: '10000',
  });
});
afterAll(async () => {
  await t.close();
});

function newClient(): string {
  clientNumber += 1;
  return `10.13.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`;
}

const post = (url: string, payload: object, client: string, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: client,
    headers: { [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY, ...headers },
  });

const event = () => ({ kind: 'page_view', label: '/tuner', timestamp: new Date().toISOString() });
const report = () => ({ message: 'boom', time: new Date().toISOString() });

function expectCapped(
  response: { statusCode: number; headers: Record<string, unknown> } & {
    json<T>(): T;
  },
) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: { message: DAILY_CAP_MESSAGE, code: 'rate_limited' },
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
}

describe('issue 13.10: per-client daily caps on stored anonymous writes', () => {
  it('analytics: events count one by one; the event past 5 is refused, other clients go on', async () => {
    const client = newClient();
    expect(
      (await post(ANALYTICS_PATH, { events: [event(), event(), event()] }, client)).statusCode,
    ).toBe(202);
    expect((await post(ANALYTICS_PATH, { events: [event(), event()] }, client)).statusCode).toBe(
      202,
    );
    expectCapped(await post(ANALYTICS_PATH, { events: [event()] }, client));
    expect((await post(ANALYTICS_PATH, { events: [event()] }, newClient())).statusCode).toBe(202);
    // A batch larger than the whole cap is refused outright, and stores nothing.
    expectCapped(
      await post(ANALYTICS_PATH, { events: Array.from({ length: 6 }, event) }, newClient()),
    );
  });

  it('client errors: the 4th report of the day is refused', async () => {
    const client = newClient();
    for (let i = 0; i < 3; i++) {
      expect((await post(CLIENT_ERRORS_PATH, { reports: [report()] }, client)).statusCode).toBe(
        202,
      );
    }
    expectCapped(await post(CLIENT_ERRORS_PATH, { reports: [report()] }, client));
  });

  it('feedback: the 3rd report of the day is refused; an invalid one does not count', async () => {
    const client = newClient();
    expect((await post(FEEDBACK_PATH, { message: '' }, client)).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      expect((await post(FEEDBACK_PATH, { message: `report ${i}` }, client)).statusCode).toBe(201);
    }
    expectCapped(await post(FEEDBACK_PATH, { message: 'one more' }, client));
  });

  it('forms: the 2nd submission of the day is refused (another form, so not the 60 s wait)', async () => {
    const client = newClient();
    const form = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
        remoteAddress: client,
      });
    const contact = await form({
      'form-name': 'contact',
      name: 'Morag',
      email: 'morag@example.org',
      message: 'Do you give lessons?',
    });
    expect(contact.statusCode).toBe(200);
    expectCapped(
      await form({
        'form-name': 'feature-request',
        type: 'feature',
        title: 'Drones',
        email: 'morag@example.org',
        description: 'Let me tune the drones too.',
        altcha: await solvedHumanCheck(t),
      }),
    );
  });

  it('game sessions: the 4th of the day is refused', async () => {
    const client = newClient();
    const start = () =>
      post(scoresApi.gameSessions, { local_user_id: LOCAL_USER, level: 1 }, client);
    for (let i = 0; i < 3; i++) expect((await start()).statusCode).toBe(201);
    expectCapped(await start());
  });

  it('scores without a game session: the 3rd of the day is refused', async () => {
    const client = newClient();
    const submit = () =>
      post(
        dataApi.rpc(SUBMIT_HIGH_SCORE_RPC),
        { params: { p_score: 5, p_level: 1, p_local_user_id: LOCAL_USER } },
        client,
      );
    for (let i = 0; i < 2; i++) expect((await submit()).statusCode).toBe(200);
    expectCapped(await submit());
  });

  it('the count starts again the next UTC day, and concurrent writes never pass the cap', async () => {
    let now = Date.parse('2026-03-01T23:59:59.000Z');
    const caps = createDailyWriteCaps({
      database: t.database,
      caps: { ...DEFAULT_DAILY_CAPS, feedback_reports: 4 },
      now: () => now,
    });
    const address = newClient();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => caps.take(address, 'feedback_reports', 1)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(4);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(DailyCapError);
    expect(refused?.status === 'rejected' && refused.reason.retryAfterSeconds).toBe(1);
    now += 1000; // midnight
    await caps.take(address, 'feedback_reports', 4);
    await expect(caps.take(address, 'feedback_reports', 1)).rejects.toBeInstanceOf(DailyCapError);
  });
});

describe('issue 13.10: the pruner deletes exactly what is past retention', () => {
  const NOW = new Date('2026-06-15T12:00:00.000Z');
  const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;
  const USER = 'retention-user';

  beforeEach(async () => {
    await t.database.rows(
      sql`truncate tblgamesession, analytics_events, client_errors, feedback_reports,
          form_submissions, email_relay_log, auth_link_requests, captcha_used, mail_outbox,
          verification, client_daily_writes restart identity`,
    );
    await t.database.rows(sql`delete from "user" where id = ${USER}`);
  });

  async function seed() {
    const session = (label: string, started: number, submitted: number | null) =>
      t.database
        .rows(sql`insert into tblgamesession (id, local_user_id, level, seed, started_at, submitted_at)
        values (${label}, ${LOCAL_USER}, 1, 1, ${ago(started)}, ${submitted === null ? null : ago(submitted)})`);
    // Game sessions: unused 24 h, used 1 h after their score.
    await session('00000000-0000-4000-8000-000000000001', DAY + 1000, null); // gone
    await session('00000000-0000-4000-8000-000000000002', DAY - 1000, null); // kept
    await session('00000000-0000-4000-8000-000000000003', 2 * HOUR, HOUR + 1000); // gone
    await session('00000000-0000-4000-8000-000000000004', 2 * HOUR, HOUR - 1000); // kept
    // Each table: one row just past its retention, one just inside it.
    const pair = async (retention: number, insert: (at: string) => SQL) => {
      await t.database.rows(insert(ago(retention + 1000)));
      await t.database.rows(insert(ago(retention - 1000)));
    };
    await pair(
      400 * DAY,
      (at) => sql`insert into analytics_events (kind, label, app_version, occurred_at)
      values ('page_view', '/x', '1', ${at})`,
    );
    await pair(
      90 * DAY,
      (at) => sql`insert into client_errors (message, name, context, reported_at, created_at)
      values ('m', 'Error', '{}'::jsonb, ${at}, ${at})`,
    );
    await pair(
      365 * DAY,
      (at) => sql`insert into feedback_reports (message, client_key, created_at)
      values ('m', 'k', ${at})`,
    );
    await pair(
      365 * DAY,
      (at) => sql`insert into form_submissions (form, email, client_key, created_at)
      values ('contact', 'a@b.co', 'k', ${at})`,
    );
    await pair(
      30 * DAY,
      (at) => sql`insert into email_relay_log (recipient_id, client_key, delivered, created_at)
      values ('site-owner', 'k', true, ${at})`,
    );
    await pair(
      DAY,
      (at) => sql`insert into auth_link_requests (email_hash, created_at) values ('h', ${at})`,
    );
    await pair(
      30 * DAY,
      (at) => sql`insert into mail_outbox (to_address, subject, text, created_at)
      values ('a@b.co', 's', 't', ${at})`,
    );
    await t.database.rows(sql`insert into captcha_used (signature, expires_at)
      values ('old', ${ago(1000)}), ('live', ${ago(-1000)})`);
    await t.database.rows(sql`insert into verification (id, identifier, value, expires_at)
      values ('v-old', 'x', 'x', ${ago(DAY + 1000)}), ('v-new', 'x', 'x', ${ago(DAY - 1000)})`);
    await t.database.rows(
      sql`insert into "user" (id, email) values (${USER}, 'retention@example.org')`,
    );
    await t.database.rows(sql`insert into session (id, token, user_id, expires_at)
      values ('s-old', 's-old', ${USER}, ${ago(DAY + 1000)}), ('s-new', 's-new', ${USER}, ${ago(DAY - 1000)})`);
    await t.database.rows(sql`insert into client_daily_writes (client_key, day, kind, n)
      values ('k', '2026-06-13', 'feedback_reports', 1), ('k', '2026-06-14', 'feedback_reports', 1),
             ('k', '2026-06-15', 'feedback_reports', 1)`);
  }

  const remaining = async (table: string) => {
    const [row] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    return Number(row?.n);
  };

  it('one pass deletes one row per table, the one just past its retention', async () => {
    await seed();
    const deleted = await pruneOnce(t.database, NOW);
    for (const rule of RETENTION) {
      const expected = rule.table === 'tblgamesession' ? 2 : 1;
      expect([rule.table, deleted[rule.table]]).toEqual([rule.table, expected]);
    }
    const sessions = await t.database.rows<{ id: string }>(
      sql`select id from tblgamesession order by id`,
    );
    expect(sessions.map((s) => s.id.slice(-1))).toEqual(['2', '4']);
    const days = await t.database.rows<{ day: string }>(
      sql`select day::text as day from client_daily_writes order by day`,
    );
    expect(days.map((d) => d.day)).toEqual(['2026-06-14', '2026-06-15']);
    expect(await remaining('captcha_used')).toBe(1);
    // A second pass (another instance, the next run) finds nothing more.
    const again = await pruneOnce(t.database, NOW);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it('more old rows than one batch are deleted in batches, in one pass', async () => {
    await t.database.rows(sql`insert into analytics_events (kind, label, app_version, occurred_at)
      select 'page_view', '/x', '1', ${ago(401 * DAY)}::timestamptz from generate_series(1, ${PRUNE_BATCH + 7})`);
    await t.database.rows(sql`insert into analytics_events (kind, label, app_version, occurred_at)
      values ('page_view', '/kept', '1', ${ago(DAY)})`);
    const deleted = await pruneOnce(t.database, NOW);
    expect(deleted.analytics_events).toBe(PRUNE_BATCH + 7);
    expect(await remaining('analytics_events')).toBe(1);
  });

  it('the timer’s pass uses the injected clock, and stop() ends it', async () => {
    await seed();
    const lines: string[] = [];
    const log = {
      info: (_o: object, message: string) => lines.push(message),
      error: (_o: object, message: string) => lines.push(message),
    };
    const pruner = startPruner({
      database: t.database,
      intervalMs: 60 * 60 * 1000,
      log,
      now: () => NOW,
    });
    await pruner.run();
    await pruner.stop();
    expect(lines).toEqual(['pruned old rows']);
    expect(await remaining('tblgamesession')).toBe(2);
    await pruner.run(); // stopped: does nothing
    expect(lines).toHaveLength(1);
  });
});
