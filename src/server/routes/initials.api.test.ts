/**
 * Issue 13.11: the server refuses the initials the web forms refuse, with the same message
 * (contracts/initials.ts), wherever initials are stored: submit_high_score, the profile, an
 * administrator's score update. Emoji are stored whole, cut by grapheme.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi } from '../../contracts/account.ts';
import { dataApi, SUBMIT_HIGH_SCORE_RPC } from '../../contracts/data.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import { initialsMessages, initialsProblem, normaliseInitials } from '../../contracts/initials.ts';
import { scoresApi } from '../../contracts/scores.ts';
import { signIn } from '../auth/testSignIn.ts';
import { DEFAULT_PUBLIC_KEY } from '../config.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

const LOCAL_USER = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const UK = '\u{1F1EC}\u{1F1E7}';
const SCOTLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';

/** What the web form refuses (its message comes from the same rule). */
const refused = [
  '\u202EAB',
  'A\u2066B',
  'A\u200F',
  'A\u061C',
  'A\u200BB',
  'A\u0000',
  'A\u0007',
  'A\u2028B',
  'A\uD800',
  'A\u200DB',
];

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '10000', SCORE_SESSIONS: 'optional' });
  cookie = await signIn(t, 'initials@example.org');
});
afterAll(async () => {
  await t.close();
});

const submit = (initials: string) =>
  t.app.inject({
    method: 'POST',
    url: dataApi.rpc(SUBMIT_HIGH_SCORE_RPC),
    headers: { [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY },
    payload: {
      params: { p_score: 5, p_level: 1, p_local_user_id: LOCAL_USER, p_initials: initials },
    },
  });
const profile = (initials: string) =>
  t.app.inject({
    method: 'PATCH',
    url: accountApi.me,
    headers: { cookie, origin: t.config.siteUrl },
    payload: { initials },
  });
const adminUpdate = (id: number, initials: string) =>
  t.app.inject({
    method: 'PATCH',
    url: scoresApi.byId(id),
    headers: {
      [PUBLIC_KEY_HEADER]: DEFAULT_PUBLIC_KEY,
      authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
    },
    payload: { struserinitials: initials },
  });

const errorOf = (response: { json<T>(): T }) =>
  response.json<{ error: { message: string; code: string } }>().error;

describe('issue 13.11: the server applies the web form’s initials rule', () => {
  it.each(refused)('refuses %j everywhere initials are stored', async (initials) => {
    // The premise: the web form refuses it too.
    expect(initialsProblem(normaliseInitials(initials).trim())).toBe(initialsMessages.invalid);
    const rpc = await submit(initials);
    expect(rpc.statusCode).toBe(400);
    expect(errorOf(rpc)).toEqual({ message: initialsMessages.invalid, code: 'invalid_initials' });
    const mine = await profile(initials);
    expect(mine.statusCode).toBe(400);
    expect(errorOf(mine).message).toContain(initialsMessages.invalid);
    const stored = await submit('OK');
    const id = stored.json<{ data: Array<{ id: number }> }>().data[0]!.id;
    const admin = await adminUpdate(id, initials);
    expect(admin.statusCode).toBe(400);
    expect(errorOf(admin).message).toContain(initialsMessages.invalid);
  });

  it.each([
    [`${UK}${UK}${UK}${UK}`, `${UK}${UK}${UK}`],
    [`${SCOTLAND}${SCOTLAND}${SCOTLAND}${SCOTLAND}`, `${SCOTLAND}${SCOTLAND}${SCOTLAND}`],
    [`a${FAMILY}bc`, `A${FAMILY}B`],
    ['ßßß', 'SSS'],
  ])('submit_high_score cuts %j by grapheme to %j', async (given, kept) => {
    const response = await submit(given);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Array<{ struserinitials: string }> }>().data[0]).toMatchObject({
      struserinitials: kept,
    });
  });

  it('the profile keeps three emoji and refuses a fourth, by grapheme', async () => {
    const three = await profile(`${SCOTLAND}${UK}${FAMILY}`);
    expect(three.statusCode).toBe(200);
    expect(three.json<{ initials: string }>().initials).toBe(`${SCOTLAND}${UK}${FAMILY}`);
    const four = await profile(`${UK}${UK}${UK}${UK}`);
    expect(four.statusCode).toBe(400);
    expect(errorOf(four).message).toContain(initialsMessages.tooLong);
  });
});
