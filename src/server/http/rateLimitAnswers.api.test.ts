/**
 * Every 429 the API sends (issue 13, item 13): `{error:{message, code:'rate_limited'}}` and a
 * Retry-After in whole seconds — the rate-limit plugin's answers (once code 'bad_request') and
 * the app's own limits alike, each keeping the message a visitor reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contracts/account.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import { scoresApi } from '../../contracts/scores.ts';
import { LINK_WINDOW_MINUTES } from '../auth/linkRequests.ts';
import { requestLink, solvedHumanCheck } from '../auth/testSignIn.ts';
import { DEFAULT_PUBLIC_KEY } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

let t: TestApp;
/** The plugin's own words; the time left depends on how long the test took to get here. */
const PLUGIN_MESSAGE = /^Rate limit exceeded, retry in \d+ (second|minute)s?$/;

beforeAll(async () => {
  t = await createTestApp({
    WRITE_RATE_LIMIT_PER_MINUTE: '1',
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '3',
  });
});
afterAll(async () => {
  await t.close();
});

function expectRateLimited(
  answer: { statusCode: number; headers: Record<string, unknown>; json<T>(): T },
  message: string | RegExp,
  maxSeconds: number,
) {
  expect(answer.statusCode).toBe(429);
  const { error } = answer.json<{ error: { message: string; code: string } }>();
  expect(Object.keys(error).sort()).toEqual(['code', 'message']);
  expect(error.code).toBe('rate_limited');
  expect(error.message).toMatch(message);
  const retryAfter = String(answer.headers['retry-after']);
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
}

describe('429 answers', () => {
  it('issue 13.13: the rate-limit plugin answers rate_limited with Retry-After', async () => {
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: scoresApi.gameSessions,
        remoteAddress: '10.13.0.1',
        headers: { [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY },
        payload: { local_user_id: '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4', level: 1 },
      });
    expect((await start()).statusCode).toBe(201);
    expectRateLimited(await start(), PLUGIN_MESSAGE, 60);
  });

  it('issue 13.13: too many sign-in links for one address: rate_limited, its own message, Retry-After within the window', async () => {
    const email = 'limited@example.org';
    for (let i = 0; i < 3; i++) {
      expect((await requestLink(t, email, { altcha: await solvedHumanCheck(t) })).statusCode).toBe(
        200,
      );
    }
    // The per-client limit (3 a minute) is spent too; another client asks for the same address.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: '10.13.0.2',
      headers: { origin: t.config.siteUrl, 'content-type': 'application/json' },
      payload: { email, altcha: await solvedHumanCheck(t) },
    });
    expectRateLimited(refused, authMessages.tooManyLinks, LINK_WINDOW_MINUTES * 60);
  });

  it('issue 13.13: the per-client sign-in limit answers the same way', async () => {
    let last = await requestLink(t, 'spent@example.org', { altcha: await solvedHumanCheck(t) });
    expect(last.statusCode).toBe(429);
    last = await requestLink(t, 'spent2@example.org', { altcha: await solvedHumanCheck(t) });
    expectRateLimited(last, PLUGIN_MESSAGE, 60);
  });
});
