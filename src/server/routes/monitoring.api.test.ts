/**
 * Error reports, analytics and feedback on the server (issue 8 parts 5–7; spec §3 'Analytics
 * events', §5/§8 'Feedback widget', §7 'Monitoring'): validation, size and rate limits, the
 * bounded error table, and admin-only reading.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_ANALYTICS_PATH,
  ADMIN_CLIENT_ERRORS_PATH,
  ADMIN_FEEDBACK_PATH,
  ANALYTICS_PATH,
  CLIENT_ERRORS_PATH,
  FEEDBACK_PATH,
  feedbackMessages,
  type AnalyticsSummary,
  type StoredClientError,
  type StoredFeedback,
} from '../../contracts/monitoring.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { countClientErrors } from '../services/clientErrorService.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import {
  FEEDBACK_LIMIT_MESSAGE,
  FEEDBACK_PER_WINDOW,
  FEEDBACK_WINDOW_MS,
} from '../services/feedbackService.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

const OWNER = 'owner@chanterlab.example';
const KEEP = 10;
let t: TestApp;
let clientNumber = 0;

beforeAll(async () => {
  t = await createTestApp({ SITE_OWNER_EMAIL: OWNER, CLIENT_ERROR_ROWS: String(KEEP) });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.rows(
    sql`truncate client_errors, analytics_events, feedback_reports restart identity`,
  );
});

function newClient(): string {
  clientNumber += 1;
  return `10.1.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`;
}

/** JSON, or for a string body text/plain (what sendBeacon sends for a string). */
const post = (url: string, payload: unknown, client = newClient()) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(typeof payload === 'string'
      ? { payload, headers: { 'content-type': 'text/plain' } }
      : { payload: payload as object }),
    remoteAddress: client,
  });

const admin = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });

const errorOf = (response: { json<T>(): T }) =>
  response.json<{ error: { message: string; code: string } }>().error;

const report = (message: string) => ({
  message,
  name: 'TypeError',
  stack: 'TypeError: x\n    at f (app.js:1:1)',
  context: { source: 'data', operation: 'query' },
  time: new Date().toISOString(),
  url: 'http://localhost/tuner',
  release: '1.0.0',
});

describe('admin endpoints', () => {
  it.each([ADMIN_CLIENT_ERRORS_PATH, ADMIN_FEEDBACK_PATH, ADMIN_ANALYTICS_PATH])(
    'R-6.ROLES-10 %s refuses anonymous callers and wrong tokens',
    async (url) => {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(403);
      const wrong = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer not-the-admin-token-0123456789' },
      });
      expect(wrong.statusCode).toBe(403);
      expect((await admin(url)).statusCode).toBe(200);
    },
  );
});

describe('client error reports (POST /api/client-errors)', () => {
  it('R-7.MONITOR-01 a batch is stored and administrators read it, newest first', async () => {
    const response = await post(CLIENT_ERRORS_PATH, {
      reports: [report('first'), report('second')],
    });
    expect(response.statusCode).toBe(202);
    const list = (await admin(ADMIN_CLIENT_ERRORS_PATH)).json<{
      data: StoredClientError[];
      count: number;
    }>();
    expect(list.count).toBe(2);
    expect(list.data.map((r) => r.message)).toEqual(['second', 'first']);
    expect(list.data[0]).toMatchObject({
      name: 'TypeError',
      context: { source: 'data', operation: 'query' },
      url: 'http://localhost/tuner',
    });
  });

  it('the table is bounded: only the newest CLIENT_ERROR_ROWS reports are kept', async () => {
    for (let batch = 0; batch < 3; batch++) {
      const reports = Array.from({ length: 6 }, (_, i) => report(`r${batch * 6 + i}`));
      expect((await post(CLIENT_ERRORS_PATH, { reports })).statusCode).toBe(202);
    }
    expect(await countClientErrors(t.database)).toBe(KEEP);
    const list = (await admin(`${ADMIN_CLIENT_ERRORS_PATH}?limit=200`)).json<{
      data: StoredClientError[];
    }>();
    expect(list.data[0]?.message).toBe('r17');
    expect(list.data.at(-1)?.message).toBe('r8');
  });

  it.each([
    ['no reports', { reports: [] }],
    ['more than 20 (R-7.MONITOR-07)', { reports: Array.from({ length: 21 }, () => report('x')) }],
    ['no time', { reports: [{ message: 'x' }] }],
    ['not JSON', 'nonsense'],
  ])('refuses %s', async (_name, payload) => {
    const response = await post(CLIENT_ERRORS_PATH, payload);
    expect(response.statusCode).toBe(400);
    expect(await countClientErrors(t.database)).toBe(0);
  });

  it('R-7.MONITOR-08 refuses payloads over 100 KB', async () => {
    const big = {
      reports: Array.from({ length: 6 }, () => ({ ...report('x'), stack: 'a'.repeat(19_000) })),
    };
    const response = await post(CLIENT_ERRORS_PATH, big);
    expect(response.statusCode).toBe(413);
    expect(await countClientErrors(t.database)).toBe(0);
  });

  it('is rate-limited per client', async () => {
    const client = newClient();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      codes.push(
        (await post(CLIENT_ERRORS_PATH, { reports: [report(`n${i}`)] }, client)).statusCode,
      );
    }
    expect(codes.slice(0, 30).every((c) => c === 202)).toBe(true);
    expect(codes[30]).toBe(429);
    // Issue 13 item 13: the plugin's answer in the API's shape, with Retry-After.
    const refused = await post(CLIENT_ERRORS_PATH, { reports: [report('n31')] }, client);
    expect(errorOf(refused).code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back.
    expect((await post(CLIENT_ERRORS_PATH, { reports: [report('other')] })).statusCode).toBe(202);
  });
});

describe('analytics (POST /api/analytics)', () => {
  const now = new Date().toISOString();

  it('R-3.ANALYTICS-01..08 every kind is stored with its timestamp and app version; the summary counts them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: ANALYTICS_PATH,
      // sendBeacon with a string body arrives as text/plain.
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({
        events: [
          { kind: 'feature_usage', label: 'tuner', action: 'start', timestamp: now },
          { kind: 'feature_usage', label: 'tuner', action: 'start', timestamp: now },
          { kind: 'feature_usage', label: 'metronome', action: 'start', timestamp: now },
          { kind: 'error', label: 'microphone', message: 'denied', timestamp: now },
          { kind: 'form_submission', label: 'contact', success: true, timestamp: now },
          { kind: 'auth', label: 'magic_link', success: false, message: 'x', timestamp: now },
          { kind: 'page_view', label: '/tuner', timestamp: now, app_version: '2.1.0' },
        ],
      }),
      remoteAddress: newClient(),
    });
    expect(response.statusCode).toBe(202);
    const rows = await t.database.rows<{
      kind: string;
      category: string | null;
      component: string | null;
      app_version: string;
      occurred_at: string;
    }>(
      sql`select kind, category, component, app_version, occurred_at from analytics_events order by id`,
    );
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatchObject({
      kind: 'feature_usage',
      category: 'engagement',
      app_version: '1.0.0',
    });
    // R-3.ANALYTICS-05: an error's component defaults to 'unknown'.
    expect(rows[3]).toMatchObject({ kind: 'error', component: 'unknown' });
    expect(rows[6]?.app_version).toBe('2.1.0');
    expect(new Date(rows[0]?.occurred_at as string).toISOString()).toBe(now);

    const summary = (await admin(`${ADMIN_ANALYTICS_PATH}?days=7`)).json<AnalyticsSummary>();
    expect(summary.perDay).toHaveLength(7);
    expect(summary.perDay.at(-1)).toEqual({ day: now.slice(0, 10), count: 7 });
    expect(summary.byKind).toEqual({
      feature_usage: 3,
      error: 1,
      form_submission: 1,
      auth: 1,
      page_view: 1,
    });
    expect(summary.topFeatures[0]).toEqual({ label: 'tuner', action: 'start', count: 2 });
    expect(summary.topPages).toEqual([{ label: '/tuner', count: 1 }]);
  });

  it.each([
    ['an unknown kind', { kind: 'click', label: 'x', timestamp: now }],
    ['feature_usage without an action', { kind: 'feature_usage', label: 'x', timestamp: now }],
    [
      'a category other than engagement',
      { kind: 'feature_usage', category: 'ads', label: 'x', action: 'y', timestamp: now },
    ],
    ['no timestamp', { kind: 'page_view', label: '/' }],
    [
      'form_submission without success',
      { kind: 'form_submission', label: 'contact', timestamp: now },
    ],
  ])('refuses %s', async (_name, event) => {
    const response = await post(ANALYTICS_PATH, { events: [event] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation');
  });

  it('refuses more than 50 events in one batch', async () => {
    const events = Array.from({ length: 51 }, () => ({
      kind: 'page_view',
      label: '/',
      timestamp: now,
    }));
    expect((await post(ANALYTICS_PATH, { events })).statusCode).toBe(400);
  });
});

describe('feedback widget (POST /api/feedback)', () => {
  it('R-8.FEEDBACK-02 a report is stored, forwarded to the site owner, and listed for administrators', async () => {
    const response = await post(FEEDBACK_PATH, {
      name: 'Iain',
      email: 'iain@example.org',
      message: 'The tuner needle sticks.',
      url: 'http://localhost/tuner',
    });
    expect(response.statusCode).toBe(201);
    const list = (await admin(ADMIN_FEEDBACK_PATH)).json<{
      data: StoredFeedback[];
      count: number;
    }>();
    expect(list.count).toBe(1);
    expect(list.data[0]).toMatchObject({
      name: 'Iain',
      email: 'iain@example.org',
      message: 'The tuner needle sticks.',
      url: 'http://localhost/tuner',
    });
    const mail = await t.app.mailer.outbox({ to: OWNER });
    expect(mail[0]?.subject).toBe('Chanterlab bug report');
    expect(mail[0]?.text).toContain('The tuner needle sticks.');
  });

  it.each([
    [
      'R-5.FEEDBACK-01 R-5.FEEDBACK-05 an empty message',
      { message: '   ' },
      feedbackMessages.emptyMessage,
    ],
    ['R-5.FEEDBACK-01 a missing message', {}, feedbackMessages.emptyMessage],
    [
      'an email without @',
      { message: 'x', email: 'iain.example.org' },
      feedbackMessages.invalidEmail,
    ],
  ])('refuses %s with its message', async (_name, payload, message) => {
    const response = await post(FEEDBACK_PATH, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(message);
  });

  it('R-5.FEEDBACK-02 R-5.FEEDBACK-03 name and email are optional', async () => {
    expect((await post(FEEDBACK_PATH, { message: 'Just the message.' })).statusCode).toBe(201);
  });

  it('limits reports per client', async () => {
    const client = newClient();
    for (let i = 0; i < FEEDBACK_PER_WINDOW; i++) {
      expect((await post(FEEDBACK_PATH, { message: `report ${i}` }, client)).statusCode).toBe(201);
    }
    const refused = await post(FEEDBACK_PATH, { message: 'one more' }, client);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({ message: FEEDBACK_LIMIT_MESSAGE, code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBe(String(FEEDBACK_WINDOW_MS / 1000));
  });
});

describe('server errors', () => {
  it('a 500 is logged with the request id, and the answer names it', async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', STATIC_DIR: './dist' }),
      database,
      logger: {
        level: 'error',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    app.get('/api/test-explodes', async () => {
      throw new Error('kaboom');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/test-explodes' });
      expect(response.statusCode).toBe(500);
      const { requestId } = response.json<{ error: { requestId: string } }>().error;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
      expect(logged.find((l) => l.msg === 'request failed')?.reqId).toBe(requestId);
    } finally {
      await app.close();
    }
  });
});
