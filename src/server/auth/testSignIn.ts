/**
 * Test helpers for accounts (API tests only): solve the human check, ask for a sign-in link,
 * read it from the outbox and exchange it for a session cookie.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { accountApi, AUTH_API, type OutboxMessage } from '../../contracts/account.ts';
import { CAPTCHA_CHALLENGE_PATH } from '../../contracts/forms.ts';
import type { TestApp } from '../testing/testApp.ts';

export async function solvedHumanCheck(t: TestApp): Promise<string> {
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

export function requestLink(t: TestApp, email: string, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${AUTH_API}/sign-in/magic-link`,
    headers: { origin: t.config.siteUrl, 'content-type': 'application/json' },
    payload: { email, callbackURL: '/auth/callback?redirect=%2Fplaylists', ...body },
  });
}

/** The newest sign-in link mailed to `email`, from the outbox. */
export async function latestLink(t: TestApp, email: string): Promise<URL> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${accountApi.outbox}?to=${encodeURIComponent(email)}`,
  });
  const [message] = response.json<{ messages: OutboxMessage[] }>().messages;
  const match = message ? /https?:\/\/\S+/.exec(message.text) : null;
  if (!match) throw new Error(`No sign-in link for ${email}`);
  return new URL(match[0]);
}

/** What /auth/callback does with a link's token: GET the verify endpoint. */
export function verify(t: TestApp, token: string) {
  return t.app.inject({
    method: 'GET',
    url: `${AUTH_API}/magic-link/verify?token=${encodeURIComponent(token)}`,
    headers: { origin: t.config.siteUrl },
  });
}

/** Signs `email` in and returns the Cookie header for its session. */
export async function signIn(t: TestApp, email: string): Promise<string> {
  const asked = await requestLink(t, email, { altcha: await solvedHumanCheck(t) });
  if (asked.statusCode !== 200) throw new Error(`link request: ${asked.statusCode} ${asked.body}`);
  const link = await latestLink(t, email);
  const verified = await verify(t, link.searchParams.get('token') ?? '');
  const setCookie = verified.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.includes('session_token='));
  if (cookies.length === 0) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  return cookies.join('; ');
}
