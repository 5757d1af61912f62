/**
 * The Send Email relay (spec §2.4 'Send Email', §3 'Email send payload', §5 'Send Email dialog';
 * issue 8 part 4): validation messages, the single-use human check, the recipient's address
 * kept on the server, rate limits, and Turnstile/hCaptcha verification with an injected fetch.
 */
import { sql } from 'drizzle-orm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_CHALLENGE_PATH, formMessages } from '../../contracts/forms.ts';
import { humanCheckText } from '../../contracts/humanCheck.ts';
import { SEND_EMAIL_PATH, sendEmailMessages } from '../../contracts/sendEmail.ts';
import { RELAY_LIMIT_MESSAGE, RELAY_PER_HOUR, relayEmail } from '../services/emailRelayService.ts';
import { createRemoteHumanCheck, SITEVERIFY_URL } from '../services/remoteHumanCheck.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

const OWNER = 'owner@chanterlab.example';
let t: TestApp;
let clientNumber = 0;

beforeAll(async () => {
  t = await createTestApp({ SITE_OWNER_EMAIL: OWNER, SITE_OWNER_NAME: 'Chanterlab Team' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.rows(sql`truncate email_relay_log, captcha_used, mail_outbox restart identity`);
});

function newClient(): string {
  clientNumber += 1;
  return `10.2.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`;
}

async function solvedPayload(): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH });
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
}

const send = (payload: object, client = newClient()) =>
  t.app.inject({ method: 'POST', url: SEND_EMAIL_PATH, payload, remoteAddress: client });

const errorOf = (response: { json<T>(): T }) =>
  response.json<{ error: { message: string; code: string } }>().error;

const valid = async () => ({
  recipientId: 'site-owner',
  email: 'morag@example.org',
  message: 'Do you give lessons in Inverness?',
  captchaToken: await solvedPayload(),
});

describe('POST /api/send-email', () => {
  it('R-5.EMAILDLG-05 R-7.EMAIL-01 relays the message to the recipient id, reply-to the sender; the address never comes back', async () => {
    const response = await send(await valid());
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(OWNER);
    const mail = await t.app.mailer.outbox({ to: OWNER });
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Message for Chanterlab Team via Chanterlab');
    expect(mail[0]?.text).toContain('Do you give lessons in Inverness?');
    expect(mail[0]?.text).toContain('morag@example.org');
  });

  it.each([
    ['R-5.EMAILDLG-01', { message: '  ' }, sendEmailMessages.messageEmpty],
    ['R-5.EMAILDLG-02', { email: '' }, sendEmailMessages.emailRequired],
    ['R-5.EMAILDLG-03', { email: 'morag.example.org' }, sendEmailMessages.invalidEmail],
    ['R-5.EMAILDLG-04', { captchaToken: undefined }, formMessages.humanCheckRequired],
  ])('%s is refused with its message; nothing is sent', async (_id, change, message) => {
    const response = await send({ ...(await valid()), ...change });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(message);
    expect(await t.app.mailer.outbox({ to: OWNER })).toEqual([]);
  });

  it('R-5.EMAILDLG-04 a replayed human-check solution is refused', async () => {
    const body = await valid();
    expect((await send(body)).statusCode).toBe(200);
    const replay = await send(body);
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).message).toBe(formMessages.humanCheckUsed);
    expect(await t.app.mailer.outbox({ to: OWNER })).toHaveLength(1);
  });

  it('an unknown recipient id is refused', async () => {
    const response = await send({ ...(await valid()), recipientId: 'tutor-42' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(sendEmailMessages.unknownRecipient);
  });

  it('each client may relay a few messages per hour', async () => {
    const client = newClient();
    for (let i = 0; i < RELAY_PER_HOUR; i++) {
      // The per-minute limit (5) equals the hourly one: go through the service for the count.
      await relayEmail(
        {
          database: t.database,
          humanCheck: {
            provider: 'altcha',
            createChallenge: () => Promise.reject(new Error()),
            verify: async () => ({ ok: true }),
          },
          mailer: { send: async () => undefined },
          recipients: async () => ({ name: 'Owner', email: OWNER }),
          log: { error: () => undefined },
        },
        await valid(),
        { address: client },
      );
    }
    const refused = await send(await valid(), client);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({ message: RELAY_LIMIT_MESSAGE, code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBe('3600');
  });

  it('without SITE_OWNER_EMAIL there is no site-owner recipient', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: SEND_EMAIL_PATH,
        payload: { recipientId: 'site-owner', email: 'a@b.c', message: 'hi', captchaToken: 'x' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('Turnstile and hCaptcha (injected fetch; this machine has no network)', () => {
  function fakeSiteverify(answer: object) {
    const calls: Array<{ url: string; body: URLSearchParams }> = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: new URLSearchParams(String(init.body)) });
      return new Response(JSON.stringify(answer), {
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    return { calls, fetchImpl };
  }

  it('Turnstile: the token and secret go to its siteverify; success relays the message', async () => {
    const fake = fakeSiteverify({ success: true });
    const sent: string[] = [];
    await relayEmail(
      {
        database: t.database,
        humanCheck: createRemoteHumanCheck({
          provider: 'turnstile',
          secret: 'turnstile-secret',
          siteKey: 'turnstile-site',
          fetch: fake.fetchImpl,
        }),
        mailer: { send: async (m) => void sent.push(m.to) },
        recipients: async () => ({ name: 'Owner', email: OWNER }),
        log: { error: () => undefined },
      },
      { ...(await valid()), captchaToken: 'turnstile-token' },
      { address: newClient() },
    );
    expect(fake.calls[0]?.url).toBe(SITEVERIFY_URL.turnstile);
    expect(Object.fromEntries(fake.calls[0]?.body ?? [])).toEqual({
      secret: 'turnstile-secret',
      response: 'turnstile-token',
    });
    expect(sent).toEqual([OWNER]);
  });

  it.each([
    ['turnstile', { success: false, 'error-codes': ['timeout-or-duplicate'] }, 'used'],
    ['hcaptcha', { success: false, 'error-codes': ['already-seen-response'] }, 'used'],
    ['hcaptcha', { success: false, 'error-codes': ['invalid-input-response'] }, 'failed'],
  ] as const)(
    '%s %j is refused with the provider-named message',
    async (provider, answer, kind) => {
      const fake = fakeSiteverify(answer);
      const attempt = relayEmail(
        {
          database: t.database,
          humanCheck: createRemoteHumanCheck({
            provider,
            secret: 's',
            siteKey: 'k',
            fetch: fake.fetchImpl,
          }),
          mailer: { send: async () => undefined },
          recipients: async () => ({ name: 'Owner', email: OWNER }),
          log: { error: () => undefined },
        },
        { ...(await valid()), captchaToken: 'token' },
        { address: newClient() },
      );
      await expect(attempt).rejects.toThrow(humanCheckText(provider)[kind]);
      expect(fake.calls[0]?.url).toBe(SITEVERIFY_URL[provider]);
      if (provider === 'hcaptcha') expect(fake.calls[0]?.body.get('sitekey')).toBe('k');
    },
  );

  it('a provider that cannot be reached fails the check rather than letting it through', async () => {
    const check = createRemoteHumanCheck({
      provider: 'turnstile',
      secret: 's',
      siteKey: 'k',
      fetch: (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch,
    });
    expect(await check.verify('token')).toEqual({ ok: false, reason: 'invalid' });
    expect(await check.verify(undefined)).toEqual({ ok: false, reason: 'missing' });
  });
});
