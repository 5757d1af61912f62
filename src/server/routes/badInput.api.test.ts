/**
 * Issue 13.9: bad input never reaches a 500. Every endpoint that takes a body (grep of
 * src/server/routes for post/patch/route) gets inherited property names as column, order,
 * filter and parameter names, NUL characters, lone surrogates, invalid UTF-8 and JSON nested
 * thousands deep. Each row says whether the server refuses (4xx) or cleans and stores (2xx);
 * none may answer 5xx. The server's log must not carry the submitted body.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi, AUTH_API } from '../../contracts/account.ts';
import { dataApi, HIGH_SCORE_TABLE, SUBMIT_HIGH_SCORE_RPC } from '../../contracts/data.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import { ANALYTICS_PATH, CLIENT_ERRORS_PATH, FEEDBACK_PATH } from '../../contracts/monitoring.ts';
import { scoresApi } from '../../contracts/scores.ts';
import { SEND_EMAIL_PATH } from '../../contracts/sendEmail.ts';
import { buildApp } from '../app.ts';
import { signIn } from '../auth/testSignIn.ts';
import { DEFAULT_PUBLIC_KEY, loadConfig } from '../config.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import { TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

const LOCAL_USER = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const NUL = '\u0000';
/** A marker put in every body: the log must never contain it. */
const SECRET = 'BODY-MARKER-7f3a';
const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'] as const;

let t: TestApp;
let cookie: string;
let clientNumber = 0;
const logLines: string[] = [];

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    STATIC_DIR: './dist',
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    SITE_OWNER_EMAIL: 'owner@chanterlab.example',
    WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    SCORE_SESSIONS: 'optional',
    PRUNE_INTERVAL_MINUTES: '0',
  });
  const database = await openTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ config, database, logger: { level: 'info', stream } });
  await app.ready();
  t = { app, database, config, close: () => app.close() };
  cookie = await signIn(t, 'badinput@example.org');
});
afterAll(async () => {
  await t.close();
});

function newClient(): string {
  clientNumber += 1;
  return `10.9.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`;
}

/** '{"a":{"a":…1…}}' nested `depth` deep, as text (JSON.stringify would recurse). */
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

interface Case {
  readonly name: string;
  readonly method?: 'POST' | 'PATCH' | 'DELETE';
  readonly url: string;
  /** A JSON value, or raw text/bytes sent as is with `contentType`. */
  readonly body: unknown;
  readonly raw?: boolean;
  readonly contentType?: string;
  readonly as?: 'admin' | 'user';
  /** 'refused': 4xx. 'accepted': 2xx (the server cleaned the value). */
  readonly expect: 'refused' | 'accepted' | 'either';
}

const now = () => new Date().toISOString();
const data = (op: 'query' | 'insert' | 'update' | 'delete') => dataApi[op](HIGH_SCORE_TABLE);
const report = (extra: Record<string, unknown> = {}) => ({
  reports: [{ message: SECRET, time: now(), ...extra }],
});
const contact = (fields: Record<string, string>) =>
  new URLSearchParams({
    'form-name': 'contact',
    name: 'Morag',
    email: 'morag@example.org',
    message: `Lessons in Inverness? ${SECRET}`,
    ...fields,
  }).toString();
const feature = (fields: Record<string, string>) =>
  new URLSearchParams({
    'form-name': 'feature-request',
    type: 'bug',
    title: 'Tuner',
    email: 'morag@example.org',
    description: `The tuner flickers. ${SECRET}`,
    ...fields,
  }).toString();
const URLENCODED = 'application/x-www-form-urlencoded';
const score = (extra: Record<string, unknown>) => ({
  params: { p_score: 10, p_level: 1, p_local_user_id: LOCAL_USER, ...extra },
});

const inheritedNames: Case[] = INHERITED.flatMap((name): Case[] => [
  {
    name: `query column ${name}`,
    url: data('query'),
    body: { columns: [name] },
    expect: 'refused',
  },
  { name: `query orderBy ${name}`, url: data('query'), body: { orderBy: name }, expect: 'refused' },
  {
    name: `query filter ${name}`,
    url: data('query'),
    body: JSON.parse(`{"filters":{"${name}":1}}`) as unknown,
    expect: 'refused',
  },
  {
    name: `insert column ${name}`,
    url: data('insert'),
    body: JSON.parse(`{"rows":{"${name}":1,"score":1,"level":1}}`) as unknown,
    as: 'admin',
    expect: 'refused',
  },
  {
    name: `update value ${name}`,
    url: data('update'),
    body: JSON.parse(`{"match":{"id":1},"values":{"${name}":1}}`) as unknown,
    as: 'admin',
    expect: 'refused',
  },
  {
    name: `update match ${name}`,
    url: data('update'),
    body: JSON.parse(`{"match":{"${name}":1},"values":{"score":1}}`) as unknown,
    as: 'admin',
    expect: 'refused',
  },
  {
    name: `delete match ${name}`,
    url: data('delete'),
    body: JSON.parse(`{"match":{"${name}":1}}`) as unknown,
    as: 'admin',
    expect: 'refused',
  },
  { name: `table ${name}`, url: dataApi.query(name), body: {}, expect: 'refused' },
  { name: `rpc ${name}`, url: dataApi.rpc(name), body: { params: {} }, expect: 'refused' },
  {
    name: `rpc parameter ${name}`,
    url: dataApi.rpc(SUBMIT_HIGH_SCORE_RPC),
    body: JSON.parse(`{"params":{"${name}":1}}`) as unknown,
    expect: 'refused',
  },
  {
    name: `analytics kind ${name}`,
    url: ANALYTICS_PATH,
    body: { events: [{ kind: name, label: 'x', timestamp: now() }] },
    expect: 'refused',
  },
  {
    name: `form-name ${name}`,
    url: '/',
    body: contact({ 'form-name': name }),
    raw: true,
    contentType: URLENCODED,
    expect: 'refused',
  },
  {
    name: `send-email recipient ${name}`,
    url: SEND_EMAIL_PATH,
    body: { recipientId: name, email: 'a@b.co', message: SECRET },
    expect: 'refused',
  },
  {
    name: `score update field ${name}`,
    method: 'PATCH',
    url: scoresApi.byId(1),
    body: JSON.parse(`{"${name}":1}`) as unknown,
    as: 'admin',
    expect: 'refused',
  },
]);

const nul: Case[] = [
  {
    name: 'NUL in RPC initials',
    url: dataApi.rpc(SUBMIT_HIGH_SCORE_RPC),
    body: score({ p_initials: `A${NUL}B` }),
    expect: 'refused',
  },
  {
    name: 'NUL in admin-inserted initials',
    url: data('insert'),
    body: { rows: { score: 1, level: 1, struserinitials: `A${NUL}` } },
    as: 'admin',
    expect: 'refused',
  },
  {
    name: 'NUL in admin score update initials',
    method: 'PATCH',
    url: scoresApi.byId(1),
    body: { struserinitials: `A${NUL}` },
    as: 'admin',
    expect: 'refused',
  },
  {
    name: 'NUL in a data API filter value',
    url: data('query'),
    body: { filters: { struserinitials: `A${NUL}` } },
    expect: 'either',
  },
  {
    name: 'NUL in profile initials',
    method: 'PATCH',
    url: accountApi.me,
    body: { initials: `A${NUL}` },
    as: 'user',
    expect: 'refused',
  },
  {
    name: 'NUL in a client error message, stack and context',
    url: CLIENT_ERRORS_PATH,
    body: report({
      message: `boom${NUL}${SECRET}`,
      stack: `at f${NUL}`,
      name: `E${NUL}`,
      url: `http://x/${NUL}`,
      release: `1${NUL}`,
      context: { [`k${NUL}`]: `v${NUL}`, nested: { list: [`a${NUL}`] } },
    }),
    expect: 'accepted',
  },
  {
    name: 'NUL in an analytics label',
    url: ANALYTICS_PATH,
    body: {
      events: [
        { kind: 'page_view', label: `/tuner${NUL}`, timestamp: now(), app_version: `1${NUL}` },
        {
          kind: 'error',
          label: 'x',
          message: `m${NUL}`,
          component: `c${NUL}`,
          timestamp: now(),
        },
        { kind: 'feature_usage', label: `l${NUL}`, action: `a${NUL}`, timestamp: now() },
      ],
    },
    expect: 'accepted',
  },
  {
    name: 'NUL in a feedback message',
    url: FEEDBACK_PATH,
    body: { message: `It broke${NUL} ${SECRET}` },
    expect: 'refused',
  },
  {
    name: 'NUL in a feedback name, email and url',
    url: FEEDBACK_PATH,
    body: { message: SECRET, name: `M${NUL}`, email: `a${NUL}@b.co`, url: `/x${NUL}` },
    expect: 'refused',
  },
  {
    name: 'NUL in a contact message',
    url: '/',
    body: contact({ message: `Lessons please${NUL}, ${SECRET}` }),
    raw: true,
    contentType: URLENCODED,
    expect: 'refused',
  },
  {
    name: 'NUL in a contact name',
    url: '/',
    body: contact({ name: `Mo${NUL}rag` }),
    raw: true,
    contentType: URLENCODED,
    expect: 'refused',
  },
  {
    name: 'NUL in a feature request title (before the human check)',
    url: '/',
    body: feature({ title: `Tun${NUL}er` }),
    raw: true,
    contentType: URLENCODED,
    expect: 'refused',
  },
  {
    name: 'NUL in a send-email message',
    url: SEND_EMAIL_PATH,
    body: { recipientId: 'site-owner', email: 'a@b.co', message: `Hi${NUL} ${SECRET}` },
    expect: 'refused',
  },
  {
    name: 'NUL in a send-email address',
    url: SEND_EMAIL_PATH,
    body: { recipientId: 'site-owner', email: `a${NUL}@b.co`, message: SECRET },
    expect: 'refused',
  },
  {
    name: 'NUL in a sign-in email',
    url: `${AUTH_API}/sign-in/magic-link`,
    body: { email: `a${NUL}@b.co` },
    expect: 'refused',
  },
  {
    name: 'NUL in a game session id',
    url: dataApi.rpc(SUBMIT_HIGH_SCORE_RPC),
    body: score({ p_session_id: `x${NUL}` }),
    expect: 'refused',
  },
];

const surrogates: Case[] = [
  {
    name: 'lone surrogate in RPC initials',
    url: dataApi.rpc(SUBMIT_HIGH_SCORE_RPC),
    body:
      '{"params":{"p_score":1,"p_level":1,"p_local_user_id":"' +
      LOCAL_USER +
      '","p_initials":"A\\ud800"}}',
    raw: true,
    contentType: 'application/json',
    expect: 'refused',
  },
  {
    name: 'lone surrogate in a client error context',
    url: CLIENT_ERRORS_PATH,
    body: `{"reports":[{"message":"${SECRET}\\udc00","time":"${now()}","context":{"k":"\\ud800","\\udfff":1}}]}`,
    raw: true,
    contentType: 'application/json',
    expect: 'accepted',
  },
  {
    name: 'lone surrogate in an analytics label',
    url: ANALYTICS_PATH,
    body: `{"events":[{"kind":"page_view","label":"/x\\ud800","timestamp":"${now()}"}]}`,
    raw: true,
    contentType: 'application/json',
    expect: 'accepted',
  },
  {
    name: 'lone surrogate in a feedback message',
    url: FEEDBACK_PATH,
    body: `{"message":"broken \\ud800 ${SECRET}"}`,
    raw: true,
    contentType: 'application/json',
    expect: 'refused',
  },
  {
    name: 'invalid UTF-8 in a feedback message',
    url: FEEDBACK_PATH,
    body: Buffer.concat([
      Buffer.from('{"message":"broken '),
      Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]),
      Buffer.from(` ${SECRET}"}`),
    ]),
    raw: true,
    contentType: 'application/json',
    expect: 'either',
  },
  {
    name: 'invalid UTF-8 in a client error',
    url: CLIENT_ERRORS_PATH,
    body: Buffer.concat([
      Buffer.from('{"reports":[{"message":"'),
      Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80]),
      Buffer.from(`","time":"${now()}"}]}`),
    ]),
    raw: true,
    contentType: 'application/json',
    expect: 'either',
  },
  {
    name: 'encoded lone surrogate in a contact message',
    url: '/',
    body: `form-name=contact&name=Mo&email=a%40b.co&message=${'x'.repeat(12)}%ED%A0%80`,
    raw: true,
    contentType: URLENCODED,
    expect: 'either',
  },
];

/** Every JSON endpoint, with a body nested 5,000 and 100,000 deep (issue 13.9). */
const jsonEndpoints: Array<{ url: string; method?: 'POST' | 'PATCH'; as?: 'admin' | 'user' }> = [
  { url: data('query') },
  { url: data('insert'), as: 'admin' },
  { url: data('update'), as: 'admin' },
  { url: data('delete'), as: 'admin' },
  { url: dataApi.rpc(SUBMIT_HIGH_SCORE_RPC) },
  { url: scoresApi.gameSessions },
  { url: scoresApi.byId(1), method: 'PATCH', as: 'admin' },
  { url: CLIENT_ERRORS_PATH },
  { url: ANALYTICS_PATH },
  { url: FEEDBACK_PATH },
  { url: SEND_EMAIL_PATH },
  { url: `${AUTH_API}/sign-in/magic-link` },
  { url: `${AUTH_API}/sign-out` },
  { url: accountApi.me, method: 'PATCH', as: 'user' },
  { url: accountApi.claimScores, as: 'user' },
  { url: `${accountApi.adminUsers}/x/ban`, as: 'admin' },
];
const deep: Case[] = jsonEndpoints.flatMap(({ url, method, as }): Case[] =>
  [5_000, 100_000].flatMap((depth): Case[] => [
    {
      name: `${method ?? 'POST'} ${url} nested ${depth} deep`,
      url,
      ...(method ? { method } : {}),
      ...(as ? { as } : {}),
      body: deepObject(depth),
      raw: true,
      contentType: 'application/json',
      expect: 'refused',
    },
    {
      name: `${method ?? 'POST'} ${url} with a field nested ${depth} deep`,
      url,
      ...(method ? { method } : {}),
      ...(as ? { as } : {}),
      body: `{"reports":[{"message":"x","time":"${now()}","context":{"a":${deepArray(depth)}}}],"events":${deepArray(depth)},"params":${deepObject(depth)},"rows":${deepObject(depth)},"message":${deepArray(depth)}}`,
      raw: true,
      contentType: 'application/json',
      expect: 'refused',
    },
  ]),
);
const deepPlain: Case[] = [CLIENT_ERRORS_PATH, ANALYTICS_PATH, FEEDBACK_PATH].map((url) => ({
  name: `text/plain beacon to ${url} nested 5000 deep`,
  url,
  body: `{"reports":[{"message":"x","time":"${now()}","context":${deepObject(5000)}}]}`,
  raw: true,
  contentType: 'text/plain',
  expect: 'refused' as const,
}));

async function send(c: Case) {
  const headers: Record<string, string> = {
    [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY,
    origin: t.config.siteUrl,
  };
  if (c.as === 'admin') headers.authorization = `Bearer ${TEST_ADMIN_TOKEN}`;
  if (c.as === 'user') headers.cookie = cookie;
  if (c.contentType) headers['content-type'] = c.contentType;
  return t.app.inject({
    method: c.method ?? 'POST',
    url: c.url,
    headers,
    payload: c.raw ? (c.body as string | Buffer) : (c.body as object),
    remoteAddress: newClient(),
  });
}

describe('issue 13.9: bad input is a 4xx, never a 500', () => {
  it.each([...inheritedNames, ...nul, ...surrogates, ...deep, ...deepPlain])(
    'issue 13.9: $name',
    async (c) => {
      const response = await send(c);
      const summary = `${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, summary).toBeLessThan(500);
      if (c.expect === 'refused') {
        expect(response.statusCode, summary).toBeGreaterThanOrEqual(400);
        expect(response.json<{ error: { code: string } }>().error.code, summary).toBeTypeOf(
          'string',
        );
      }
      if (c.expect === 'accepted') {
        expect(response.statusCode, summary).toBeGreaterThanOrEqual(200);
        expect(response.statusCode, summary).toBeLessThan(300);
      }
    },
  );

  it('issue 13.9: what was accepted is stored without NUL or lone surrogates', async () => {
    const rows = await t.database.rows<{ text: string }>(
      sql`select concat_ws(' ', message, name, stack, context::text, url, release) as text
          from client_errors
          union all
          select concat_ws(' ', label, message, component, action, app_version) from analytics_events`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { text } of rows) {
      expect(text).not.toContain(NUL);
      expect(text).not.toMatch(/\\u0000/);
      expect(text).not.toMatch(/[\uD800-\uDFFF]/u);
    }
  });

  it('issue 13.9: the log never carries a submitted body', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(SECRET))).toEqual([]);
    // A bounded summary per line: no line is anywhere near the size of the deep bodies.
    for (const line of logLines) expect(line.length).toBeLessThan(4_000);
  });
});
