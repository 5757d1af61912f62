/**
 * Reports and moderation of band and tutor listings (issue 16 item 7): only administrators
 * moderate, a banned user can do none of it, a rejection mails the reason to the registrant, a
 * report hides nothing by itself but shows in the queue, every decision is in the audit log,
 * and no moderation answer carries a band's contact address. Runs on PGlite, and on PostgreSQL
 * under scripts/with-postgres.sh.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi, adminUserPath, type SessionAnswer } from '../../contracts/account.ts';
import type { ApiRoute } from '../../contracts/api/apiRoute.ts';
import { directoryMessages } from '../../contracts/directory/directoryTerms.ts';
import {
  moderationRoutes as r,
  type ModerationItem,
} from '../../contracts/directory/moderationRoutes.ts';
import { paths } from '../../contracts/routes.ts';
import { signIn } from '../auth/testSignIn.ts';
import { addBand, addTutor } from '../testing/directoryRows.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

const CONTACT = 'secret-band-contact@example.net';
let t: TestApp;
let boss: string;
let alice: string;
let bob: string;
let rogue: string;
let aliceId: string;
let bossId: string;
let rogueId: string;
/** Every moderation answer's body, checked at the end for the contact address. */
const bodies: string[] = [];

type Who = { cookie?: string; bearer?: string; address?: string };
const token: Who = { bearer: TEST_ADMIN_TOKEN };

async function call(
  route: ApiRoute,
  who: Who,
  params: object = {},
  body?: unknown,
  query?: object,
) {
  const response = await t.app.inject({
    method: route.method,
    url: route.build(params as never, query as never),
    remoteAddress: who.address ?? '127.0.0.1',
    headers: {
      origin: t.config.siteUrl,
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(who.bearer ? { authorization: `Bearer ${who.bearer}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  bodies.push(response.body);
  return response;
}

async function data<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
}

const idOf = async (cookie: string) =>
  (
    await t.app.inject({ method: 'GET', url: accountApi.session, headers: { cookie } })
  ).json<SessionAnswer>().user!.id;

const bandRow = async (id: string) =>
  (
    await t.database.rows<{ status: string; status_reason: string | null; confirmed_at: string }>(
      sql`select status, status_reason, confirmed_at::text from bands where id = ${id}`,
    )
  )[0]!;

const auditOf = (id: string) =>
  t.database.rows<{ action: string; actor_id: string | null; detail: string | null }>(
    sql`select action, actor_id, detail from directory_audit where listing_id = ${id} order by created_at`,
  );

const reportsOf = (id: string) =>
  t.database.rows<{
    reporter_hash: string;
    reporter_id: string | null;
    resolved_at: string | null;
  }>(
    sql`select reporter_hash, reporter_id, resolved_at::text from listing_reports where listing_id = ${id}`,
  );

beforeAll(async () => {
  t = await createTestApp({
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '1000',
    ADMIN_EMAILS: 'boss@example.org',
    DAILY_WRITE_CAPS: 'listing_reports=3',
  });
  boss = await signIn(t, 'boss@example.org');
  alice = await signIn(t, 'alice@example.org');
  bob = await signIn(t, 'bob@example.org');
  rogue = await signIn(t, 'rogue@example.org');
  aliceId = await idOf(alice);
  bossId = await idOf(boss);
  rogueId = await idOf(rogue);
  await t.app.inject({
    method: 'POST',
    url: adminUserPath(rogueId, 'ban'),
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ reason: 'spam' }),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('issue 16.7: only administrators moderate', () => {
  it('issue 16.7: every moderation route refuses anonymous (401), users and managers (403) and banned users (403)', async () => {
    // Alice manages this band; the banned user manages it too: neither may moderate it.
    const bandId = await addBand(t.database, {
      status: 'pending',
      ownerId: aliceId,
      managerIds: [rogueId],
    });
    const reportId = (
      await t.database.rows<{ id: string }>(
        sql`insert into listing_reports (kind, listing_id, reason, reporter_hash) values ('band', ${bandId}, 'spam', 'x') returning id`,
      )
    )[0]!.id;
    const listing = { kind: 'band', listingId: bandId };
    const calls: [ApiRoute, object, unknown?][] = [
      [r.queue, {}],
      [r.decide, listing, { action: 'approve' }],
      [r.decide, listing, { action: 'reject', reason: 'no' }],
      [r.decide, listing, { action: 'hide' }],
      [r.decide, listing, { action: 'restore' }],
      [r.resolveReport, { reportId }],
      [r.audit, {}],
    ];
    for (const [route, params, body] of calls) {
      const where = `${route.method} ${route.pattern}`;
      expect((await call(route, {}, params, body)).statusCode, where).toBe(401);
      expect((await call(route, { cookie: alice }, params, body)).statusCode, where).toBe(403);
      expect((await call(route, { cookie: bob }, params, body)).statusCode, where).toBe(403);
      const banned = await call(route, { cookie: rogue }, params, body);
      expect(banned.statusCode, where).toBe(403);
      expect(banned.json().error.code, where).toBe('banned');
      expect(
        (await call(route, { bearer: 'not-the-token-0123456789abcdef' }, params, body)).statusCode,
        where,
      ).toBe(401);
    }
    expect(await bandRow(bandId)).toMatchObject({ status: 'pending', status_reason: null });
    expect(await auditOf(bandId)).toEqual([]);
    expect((await reportsOf(bandId))[0]!.resolved_at).toBeNull();
    for (const route of [r.queue, r.audit]) {
      expect((await call(route, { cookie: boss })).statusCode).toBe(200);
      const byToken = await call(route, token);
      expect(byToken.statusCode).toBe(200);
      expect(byToken.headers['cache-control']).toBe('no-store');
    }
  });

  it('issue 16.7: a banned user cannot report a listing either', async () => {
    const bandId = await addBand(t.database);
    const response = await call(
      r.report,
      { cookie: rogue, address: '10.9.0.1' },
      { kind: 'band', listingId: bandId },
      { reason: 'spam' },
    );
    expect(response.statusCode).toBe(403);
    expect(await reportsOf(bandId)).toEqual([]);
  });

  it('issue 16.7: a moderation write with an administrator’s cookie from another site is refused', async () => {
    const bandId = await addBand(t.database, { status: 'pending' });
    const response = await t.app.inject({
      method: 'POST',
      url: r.decide.build({ kind: 'band', listingId: bandId }),
      headers: { origin: 'https://evil.example', cookie: boss, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'approve' }),
    });
    expect(response.statusCode).toBe(403);
    expect((await bandRow(bandId)).status).toBe('pending');
  });
});

describe('issue 16.7: decisions', () => {
  it('issue 16.7: approve makes a pending band public, confirmed now, in the audit log with who did it', async () => {
    const bandId = await addBand(t.database, {
      name: 'Approve Me Pipe Band',
      status: 'pending',
      ownerId: aliceId,
      confirmedDaysAgo: 400,
    });
    const pending = await data<{ items: ModerationItem[] }>(
      await call(r.queue, { cookie: boss }, {}, undefined, { status: 'pending' }),
    );
    const item = pending.items.find((i) => i.id === bandId);
    expect(item).toMatchObject({
      kind: 'band',
      name: 'Approve Me Pipe Band',
      town: 'Inverness',
      status: 'pending',
      openReports: 0,
    });
    const approved = await data<ModerationItem>(
      await call(
        r.decide,
        { cookie: boss },
        { kind: 'band', listingId: bandId },
        { action: 'approve' },
      ),
    );
    expect(approved.status).toBe('public');
    const row = await bandRow(bandId);
    expect(row.status).toBe('public');
    expect(Date.now() - Date.parse(row.confirmed_at)).toBeLessThan(60 * 60_000);
    expect(await auditOf(bandId)).toEqual([
      { action: 'approve', actor_id: bossId, detail: 'pending → public' },
    ]);
  });

  it('issue 16.7: reject needs a reason, stores it and mails it to the band’s owner (not the contact address)', async () => {
    const bandId = await addBand(t.database, {
      name: 'Reject Me Pipe Band',
      status: 'pending',
      ownerId: aliceId,
    });
    const listing = { kind: 'band', listingId: bandId };
    const missing = await call(r.decide, token, listing, { action: 'reject', reason: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain(directoryMessages.rejectReasonRequired);
    const reason = 'The practice venue is a private house; please give a public hall.';
    const rejected = await data<ModerationItem>(
      await call(r.decide, token, listing, { action: 'reject', reason }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', statusReason: reason });
    const mail = await t.app.mailer.outbox({ to: 'alice@example.org' });
    const rejection = mail.find((m) => m.text.includes('Reject Me Pipe Band'));
    expect(rejection?.subject).toBe('Your band listing on Chanterlab was not approved');
    expect(rejection?.text).toContain(reason);
    expect(rejection?.text).toContain(`${t.config.siteUrl}/band-profile`);
    expect((await t.app.mailer.outbox({ to: CONTACT })).some((m) => m.text.includes(reason))).toBe(
      false,
    );
    // By ADMIN_TOKEN: logged without an account.
    expect(await auditOf(bandId)).toEqual([{ action: 'reject', actor_id: null, detail: reason }]);
  });

  it('issue 16.7: a rejected tutor is mailed at their account address', async () => {
    const bobId = await idOf(bob);
    const tutorId = await addTutor(t.database, bobId, { name: 'Bob the Tutor' });
    const pending = await data<{ items: ModerationItem[] }>(await call(r.queue, token));
    expect(pending.items.find((i) => i.id === tutorId)).toMatchObject({
      kind: 'tutor',
      name: 'Bob the Tutor',
      town: 'London',
      status: 'pending',
    });
    await data(
      await call(
        r.decide,
        token,
        { kind: 'tutor', listingId: tutorId },
        { action: 'reject', reason: 'Please name your qualifications.' },
      ),
    );
    const mail = await t.app.mailer.outbox({ to: 'bob@example.org' });
    expect(mail[0]?.subject).toBe('Your tutor listing on Chanterlab was not approved');
    expect(mail[0]?.text).toContain('Please name your qualifications.');
    expect(mail[0]?.text).toContain(`${t.config.siteUrl}${paths.profile}`);
  });

  it('issue 16.7: hide and restore; only a hidden listing can be restored; the hidden tab lists it', async () => {
    const bandId = await addBand(t.database, { name: 'Hide Me Pipe Band' });
    const listing = { kind: 'band', listingId: bandId };
    expect((await call(r.decide, token, listing, { action: 'restore' })).statusCode).toBe(409);
    await data(await call(r.decide, token, listing, { action: 'hide', reason: 'Reported closed' }));
    expect(await bandRow(bandId)).toMatchObject({
      status: 'hidden',
      status_reason: 'Reported closed',
    });
    const hidden = await data<{ items: ModerationItem[] }>(
      await call(r.queue, token, {}, undefined, { status: 'hidden' }),
    );
    expect(hidden.items.map((i) => i.id)).toContain(bandId);
    await data(await call(r.decide, token, listing, { action: 'restore' }));
    expect(await bandRow(bandId)).toMatchObject({ status: 'public', status_reason: null });
    expect((await auditOf(bandId)).map((a) => a.action)).toEqual(['hide', 'restore']);
    const unknown = await call(
      r.decide,
      token,
      { kind: 'tutor', listingId: bandId },
      {
        action: 'approve',
      },
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('issue 16.7: reports', () => {
  it('issue 16.7: anyone may report a listed band; it stays public and shows, with the report, in the reported tab', async () => {
    const bandId = await addBand(t.database, { name: 'Reported Pipe Band', ownerId: aliceId });
    const listing = { kind: 'band', listingId: bandId };
    const body = { reason: 'closed', message: 'They stopped meeting last year.' };
    const thanks = await data<{ message: string }>(
      await call(r.report, { address: '10.7.0.1' }, listing, body),
    );
    expect(thanks.message).toBe(directoryMessages.reportThanks);
    // The same caller again: answered alike, stored once. A signed-in user: stored with the id.
    await data(await call(r.report, { address: '10.7.0.1' }, listing, body));
    await data(await call(r.report, { cookie: bob, address: '10.7.0.2' }, listing, body));
    const stored = await reportsOf(bandId);
    expect(stored).toHaveLength(2);
    // The reporter's address is only hashed.
    expect(JSON.stringify(stored)).not.toContain('10.7.0.1');
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.reporter_hash))).toBe(true);
    expect((await bandRow(bandId)).status).toBe('public');

    const reported = await data<{
      items: ModerationItem[];
      reports: { id: string; listingId: string; listingName: string; message: string }[];
    }>(await call(r.queue, { cookie: boss }, {}, undefined, { status: 'reported' }));
    expect(reported.items.find((i) => i.id === bandId)).toMatchObject({
      status: 'public',
      openReports: 2,
    });
    const mine = reported.reports.filter((x) => x.listingId === bandId);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      listingName: 'Reported Pipe Band',
      message: 'They stopped meeting last year.',
    });

    // Dealt with: both resolved, the listing leaves the tab, the log says so.
    for (const report of mine) {
      await data(await call(r.resolveReport, { cookie: boss }, { reportId: report.id }));
    }
    const after = await data<{ items: ModerationItem[] }>(
      await call(r.queue, token, {}, undefined, { status: 'reported' }),
    );
    expect(after.items.map((i) => i.id)).not.toContain(bandId);
    expect((await auditOf(bandId)).map((a) => a.action)).toEqual([
      'resolve-report',
      'resolve-report',
    ]);
  });

  it('issue 16.7: hidden, pending and unknown listings cannot be reported; bad reasons are refused', async () => {
    const hidden = await addBand(t.database, { status: 'hidden' });
    const pending = await addBand(t.database, { status: 'pending' });
    for (const listingId of [hidden, pending, '00000000-0000-4000-8000-000000000000']) {
      const response = await call(
        r.report,
        { address: '10.7.1.1' },
        { kind: 'band', listingId },
        { reason: 'spam' },
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(directoryMessages.notFound);
    }
    const bad = await call(
      r.report,
      { address: '10.7.1.1' },
      { kind: 'band', listingId: hidden },
      { reason: 'because' },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('issue 16.7: reports are capped per client per day (DAILY_WRITE_CAPS listing_reports)', async () => {
    const address = '10.7.2.1';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const bandId = await addBand(t.database);
      statuses.push(
        (
          await call(
            r.report,
            { address },
            { kind: 'band', listingId: bandId },
            { reason: 'wrong' },
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('issue 16.7: the audit log and what moderators read', () => {
  it('issue 16.7: the audit log lists decisions newest first with the listing’s name', async () => {
    const bandId = await addBand(t.database, { name: 'Audited Pipe Band', status: 'pending' });
    await data(
      await call(
        r.decide,
        { cookie: boss },
        { kind: 'band', listingId: bandId },
        { action: 'approve' },
      ),
    );
    await data(
      await call(
        r.decide,
        token,
        { kind: 'band', listingId: bandId },
        { action: 'hide', reason: '' },
      ),
    );
    const { entries } = await data<{
      entries: { action: string; listingId: string; listingName: string; actor: string | null }[];
    }>(await call(r.audit, { cookie: boss }));
    const mine = entries.filter((e) => e.listingId === bandId);
    expect(mine.map((e) => [e.action, e.listingName])).toEqual([
      ['hide', 'Audited Pipe Band'],
      ['approve', 'Audited Pipe Band'],
    ]);
    expect(mine[0]!.actor).toBeNull();
    expect(mine[1]!.actor).not.toBeNull();
    expect(JSON.stringify(entries)).not.toContain('@example.org');
  });

  it('issue 16.7: no moderation answer carries a band’s contact address or a user’s email', () => {
    expect(bodies.length).toBeGreaterThan(40);
    for (const body of bodies) {
      expect(body).not.toContain(CONTACT);
      expect(body).not.toContain('alice@example.org');
    }
  });
});
