/**
 * The forms end to end on the server (spec §3 'Forms', §5 'Contact form' / 'Feature request
 * form', §7, §9; issue 8 parts 2 and 3): POST / urlencoded, every validation message, the
 * honeypot, the 60-second wait per client, the single-use human check and the admin-only list.
 */
import { sql } from 'drizzle-orm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_SUBMISSIONS_PATH,
  CAPTCHA_CHALLENGE_PATH,
  formMessages,
  waitMessage,
  type StoredSubmission,
} from '../../contracts/forms.ts';
import { Writable } from 'node:stream';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { countUsedSolutions } from '../services/captchaService.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

let t: TestApp;
let clientNumber = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.rows(sql`truncate form_submissions restart identity`);
  await t.database.rows(sql`truncate captcha_used`);
});

/** A different client address per test, so the 60-second wait of one never blocks another. */
function newClient(): string {
  clientNumber += 1;
  return `10.0.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`;
}

function postForm(fields: Record<string, string>, client: string) {
  return t.app.inject({
    method: 'POST',
    url: '/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: client,
  });
}

const CONTACT = {
  'form-name': 'contact',
  name: 'Morag Piper',
  email: 'morag@example.org',
  message: 'How do I tune my drones?',
  honeypot: '',
};

async function solvedPayload(): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH });
  expect(response.statusCode).toBe(200);
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
}

async function featureRequest(overrides: Record<string, string> = {}) {
  return {
    'form-name': 'feature-request',
    'bot-field': '',
    type: 'feature',
    title: 'Tempo trainer',
    email: 'angus@example.org',
    description: 'Please add a tempo trainer for strathspeys.',
    altcha: await solvedPayload(),
    ...overrides,
  };
}

async function stored(): Promise<StoredSubmission[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: ADMIN_SUBMISSIONS_PATH,
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: StoredSubmission[] }>().data;
}

const errorOf = (response: { json<T>(): T }) =>
  response.json<{ error: { message: string; code: string } }>().error;

describe('contact form (POST / urlencoded)', () => {
  it('R-7.CONTACT-01 R-7.CONTACT-02 R-7.CONTACT-03 a valid submission is accepted and stored', async () => {
    const response = await postForm(CONTACT, newClient());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      form: 'contact',
      name: 'Morag Piper',
      email: 'morag@example.org',
      message: 'How do I tune my drones?',
      title: null,
    });
  });

  it.each([
    ['R-5.CONTACT-01', { name: '' }, formMessages.nameRequired],
    ['R-5.CONTACT-01', { name: '   ' }, formMessages.nameRequired],
    ['R-5.CONTACT-02', { email: '' }, formMessages.emailRequired],
    ['R-5.CONTACT-03', { message: '' }, formMessages.messageRequired],
    ['R-5.CONTACT-03 R-9.CONST-02', { message: 'Too short' }, formMessages.messageTooShort],
    ['R-5.CONTACT-04', { email: 'morag.example.org' }, formMessages.invalidEmail],
    ['R-5.CONTACT-04', { email: 'morag@example' }, formMessages.invalidEmail],
  ])('%s %j is refused with its message', async (_id, change, message) => {
    const response = await postForm({ ...CONTACT, ...change }, newClient());
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ message, code: 'validation' });
    expect(await stored()).toEqual([]);
  });

  it('R-5.CONTACT-03 a message of exactly 10 characters is accepted', async () => {
    const response = await postForm({ ...CONTACT, message: '0123456789' }, newClient());
    expect(response.statusCode).toBe(200);
  });

  it('R-5.CONTACT-06 a filled honeypot is answered 200 and dropped silently', async () => {
    const response = await postForm({ ...CONTACT, honeypot: 'http://spam.example' }, newClient());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await stored()).toEqual([]);
  });

  it('R-5.CONTACT-05 R-9.CONST-01 another submission from the same client within 60 s is refused', async () => {
    const client = newClient();
    expect((await postForm(CONTACT, client)).statusCode).toBe(200);
    const again = await postForm(CONTACT, client);
    expect(again.statusCode).toBe(429);
    // Issue 13 item 13: the one code and a Retry-After for every 429.
    expect(errorOf(again)).toEqual({ message: waitMessage(60), code: 'rate_limited' });
    expect(again.headers['retry-after']).toBe('60');
    expect(await stored()).toHaveLength(1);
    // Another client is not held up by it.
    expect((await postForm(CONTACT, newClient())).statusCode).toBe(200);
  });

  it('R-5.CONTACT-05 the wait counts down from the last submission and ends after 60 s', async () => {
    const client = newClient();
    expect((await postForm(CONTACT, client)).statusCode).toBe(200);
    await t.database.rows(
      sql`update form_submissions set created_at = now() - interval '45.5 seconds'`,
    );
    expect(errorOf(await postForm(CONTACT, client)).message).toBe(waitMessage(15));
    await t.database.rows(
      sql`update form_submissions set created_at = now() - interval '61 seconds'`,
    );
    expect((await postForm(CONTACT, client)).statusCode).toBe(200);
  });

  it('an unknown form-name is refused', async () => {
    const response = await postForm({ ...CONTACT, 'form-name': 'newsletter' }, newClient());
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(formMessages.unknownForm);
  });

  it('R-7.CONTACT-02 a JSON body to / is not a form post', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/', payload: CONTACT });
    expect(response.statusCode).toBe(415);
    expect(await stored()).toEqual([]);
  });
});

describe('feature request form (POST / urlencoded)', () => {
  it('R-7.FEAT-01 R-7.FEAT-02 R-3.FORMS-03 a valid feature request is accepted and stored without a browser', async () => {
    const response = await postForm(await featureRequest({ browser: 'Chrome 131' }), newClient());
    expect(response.statusCode).toBe(200);
    const [row] = await stored();
    expect(row).toMatchObject({
      form: 'feature-request',
      type: 'feature',
      title: 'Tempo trainer',
      email: 'angus@example.org',
      description: 'Please add a tempo trainer for strathspeys.',
      browser: null,
      name: null,
    });
  });

  it('R-7.FEAT-03 R-3.FORMS-04 a bug report keeps its browser', async () => {
    const response = await postForm(
      await featureRequest({ type: 'bug', browser: 'Firefox 133.0' }),
      newClient(),
    );
    expect(response.statusCode).toBe(200);
    expect((await stored())[0]).toMatchObject({ type: 'bug', browser: 'Firefox 133.0' });
  });

  it.each([
    ['R-5.FEAT-01', { title: '' }, formMessages.titleRequired],
    ['R-5.FEAT-02', { email: '' }, formMessages.emailRequired],
    ['R-5.FEAT-03', { description: '' }, formMessages.descriptionRequired],
    ['R-5.FEAT-04 R-9.CONST-03', { title: 'Hi' }, formMessages.titleTooShort],
    ['R-5.FEAT-05 R-9.CONST-03', { description: 'Too short' }, formMessages.descriptionTooShort],
    ['R-5.FEAT-06', { email: 'angus@example' }, formMessages.invalidEmail],
    ['R-2.3.FEAT-01', { type: 'question' }, formMessages.typeRequired],
  ])('%s %j is refused with its message', async (_id, change, message) => {
    const response = await postForm(await featureRequest(change), newClient());
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ message, code: 'validation' });
    expect(await stored()).toEqual([]);
  });

  it('R-2.3.FEAT-05 a filled bot-field is answered 200 and dropped silently', async () => {
    const response = await postForm(await featureRequest({ 'bot-field': 'x' }), newClient());
    expect(response.statusCode).toBe(200);
    expect(await stored()).toEqual([]);
  });

  it('R-5.FEAT-07 R-5.FEAT-08 the 60-second wait is per form: a contact message does not hold up a feature request', async () => {
    const client = newClient();
    expect((await postForm(CONTACT, client)).statusCode).toBe(200);
    expect((await postForm(await featureRequest(), client)).statusCode).toBe(200);
    const again = await postForm(await featureRequest(), client);
    expect(again.statusCode).toBe(429);
    expect(errorOf(again).message).toBe(waitMessage(60));
  });
});

describe('human check (ALTCHA, single use)', () => {
  it('R-2.3.FEAT-04 R-1.HOSTING-02 a feature request without a solved check is refused', async () => {
    const { altcha: _unused, ...fields } = await featureRequest();
    const response = await postForm(fields, newClient());
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      message: formMessages.humanCheckRequired,
      code: 'human_check_missing',
    });
    expect(await stored()).toEqual([]);
  });

  it('a replayed solution is refused, from any client', async () => {
    const fields = await featureRequest();
    expect((await postForm(fields, newClient())).statusCode).toBe(200);
    const replay = await postForm({ ...fields, title: 'Replayed request' }, newClient());
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay)).toEqual({
      message: formMessages.humanCheckUsed,
      code: 'human_check_used',
    });
    expect(await stored()).toHaveLength(1);
    expect(await countUsedSolutions(t.database)).toBe(1);
  });

  it('two concurrent submissions of one solution: exactly one is accepted', async () => {
    const fields = await featureRequest();
    const answers = await Promise.all([
      postForm(fields, newClient()),
      postForm(fields, newClient()),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('a tampered or wrong solution is refused', async () => {
    const fields = await featureRequest();
    const payload = JSON.parse(Buffer.from(fields.altcha, 'base64').toString()) as {
      solution: { derivedKey: string };
    };
    // The work's result is the derived key: flip its last hex digit.
    const key = payload.solution.derivedKey;
    payload.solution.derivedKey = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    const wrong = Buffer.from(JSON.stringify(payload)).toString('base64');
    for (const altcha of [wrong, 'not-base64-json', Buffer.from('{}').toString('base64')]) {
      const response = await postForm({ ...fields, altcha }, newClient());
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(formMessages.humanCheckFailed);
    }
    expect(await stored()).toEqual([]);
  });

  it('a solution signed with another key (another server) is refused', async () => {
    const other = await createTestApp({ ALTCHA_HMAC_KEY: 'another-server-key-0123456789abcdef' });
    try {
      const challenge = (
        await other.app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH })
      ).json<Challenge>();
      const solution = await solveChallenge({ challenge, deriveKey });
      const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const response = await postForm(await featureRequest({ altcha }), newClient());
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('human_check_invalid');
    } finally {
      await other.close();
    }
  });

  it('the challenge is SHA-256 with a small counter, expires, and is never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH });
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json<Challenge>();
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresIn = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(60);
    expect(expiresIn).toBeLessThanOrEqual(600);
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution?.counter).toBeLessThanOrEqual(50_000);
  });
});

describe('GET /api/admin/submissions (administrators only)', () => {
  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer not-the-admin-token-0123456789' }],
    ['a non-bearer header', { authorization: TEST_ADMIN_TOKEN }],
  ])('with %s is refused', async (_what, headers) => {
    await postForm(CONTACT, newClient());
    const response = await t.app.inject({ method: 'GET', url: ADMIN_SUBMISSIONS_PATH, headers });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('morag@example.org');
  });

  it('lists the newest first, filtered by form, with a count', async () => {
    await postForm(CONTACT, newClient());
    await postForm(await featureRequest(), newClient());
    const response = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_SUBMISSIONS_PATH}?form=contact&limit=10`,
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    const body = response.json<{ data: StoredSubmission[]; count: number }>();
    expect(body.count).toBe(1);
    expect(body.data.map((r) => r.form)).toEqual(['contact']);
    expect(body.data[0]).not.toHaveProperty('client_key');
    expect((await stored()).map((r) => r.form)).toEqual(['feature-request', 'contact']);
  });
});

describe('rate limit per client (POST /)', () => {
  it('past WRITE_RATE_LIMIT_PER_MINUTE posts a minute, a client is refused with 429; others are not', async () => {
    const limited = await createTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const post = (client: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          // Honeypot hits: neither stored nor held by the 60-second wait, only by the limit.
          payload: new URLSearchParams({ ...CONTACT, honeypot: 'bot' }).toString(),
          remoteAddress: client,
        });
      for (let i = 0; i < 3; i++) expect((await post('10.9.9.9')).statusCode).toBe(200);
      expect((await post('10.9.9.9')).statusCode).toBe(429);
      expect((await post('10.9.9.10')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('ALTCHA_HMAC_KEY', () => {
  async function startupWarnings(env: Record<string, string>): Promise<string> {
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const database = await openTestDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', ...env }),
      database,
      logger: { level: 'warn', stream },
    });
    await app.ready();
    await app.close();
    return log;
  }

  it('unset: a random key, with a warning that solutions do not survive restarts or other instances', async () => {
    const log = await startupWarnings({});
    expect(log).toContain('ALTCHA_HMAC_KEY is not set');
    expect(log).toContain('do not survive a restart');
  });

  it('set: no warning, and a solution from one instance is accepted by another with the same key', async () => {
    const key = 'shared-altcha-key-0123456789abcdefghij';
    expect(await startupWarnings({ ALTCHA_HMAC_KEY: key })).not.toContain('ALTCHA_HMAC_KEY');
    const a = await createTestApp({ ALTCHA_HMAC_KEY: key });
    const b = await createTestApp({ ALTCHA_HMAC_KEY: key });
    try {
      const challenge = (
        await a.app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH })
      ).json<Challenge>();
      const solution = await solveChallenge({ challenge, deriveKey });
      const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const response = await b.app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(await featureRequest({ altcha })).toString(),
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
