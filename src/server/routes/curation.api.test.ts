/**
 * Curation (issue 15 item 8): only administrators moderate; every action's effect on the
 * library tables, the uploader's mail and the audit log. Runs on PGlite, and on PostgreSQL
 * under scripts/with-postgres.sh. Tunes, settings and reports are inserted directly: the
 * upload and report endpoints belong to the library routes.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi, adminUserPath, type SessionAnswer } from '../../contracts/account.ts';
import type { ApiRoute } from '../../contracts/api/apiRoute.ts';
import {
  curationRoutes as r,
  type AuditEntry,
  type CuratedReport,
  type CuratedSetting,
  type CuratedTune,
} from '../../contracts/library/curationRoutes.ts';
import { LIBRARY_LIMITS } from '../../contracts/library/libraryTerms.ts';
import { signIn } from '../auth/testSignIn.ts';
import { library_tunes } from '../db/schema/index.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';
import { searchTextOf, slugOf } from '../services/library/tuneText.ts';

let t: TestApp;
let boss: string;
let alice: string;
let bob: string;
let rogue: string;
let aliceId: string;

const BWW = 'Bagpipe Reader:1.0\n& sharpf sharpc 2_4 LA_4 B_4 C_4 D_4 !t\n';

type Who = { cookie?: string; bearer?: string };
const admin: Who = { bearer: TEST_ADMIN_TOKEN };

function call(route: ApiRoute, who: Who, params: object = {}, body?: unknown, query?: object) {
  return t.app.inject({
    method: route.method,
    url: route.build(params as never, query as never),
    headers: {
      origin: t.config.siteUrl,
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(who.bearer ? { authorization: `Bearer ${who.bearer}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

async function data<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
}

const idOf = async (cookie: string) =>
  (
    await t.app.inject({ method: 'GET', url: accountApi.session, headers: { cookie } })
  ).json<SessionAnswer>().user!.id;

async function addTune(title: string, extra: { aliases?: string[]; featured?: boolean } = {}) {
  const aliases = extra.aliases ?? [];
  const [row] = await t.database.db
    .insert(library_tunes)
    .values({
      slug: `${slugOf(title)}-${randomUUID().slice(0, 6)}`,
      title,
      aliases,
      type: '2/4 march',
      time_signature: '2/4',
      search_text: searchTextOf(title, aliases),
      featured_at: extra.featured ? new Date().toISOString() : null,
    })
    .returning({ id: library_tunes.id });
  return row!.id;
}

async function addSetting(
  tuneId: string,
  visibility: string,
  extra: {
    uploader?: string | null;
    licence?: string;
    hiddenFrom?: string;
    ageMinutes?: number;
  } = {},
) {
  const [row] = await t.database.rows<{ id: string }>(
    sql`insert into library_settings (tune_id, bww, licence, attribution, source, uploader_id, visibility, hidden_from, created_at)
        values (${tuneId}, ${BWW}, ${extra.licence ?? 'cc-by'}, 'Alice Piper', 'My own setting',
                ${extra.uploader === undefined ? aliceId : extra.uploader}, ${visibility}, ${extra.hiddenFrom ?? null},
                now() - make_interval(mins => ${extra.ageMinutes ?? 0}))
        returning id`,
  );
  return row!.id;
}

async function addReport(
  settingId: string,
  kind: string,
  message = 'This is wrong.',
  reporter: string | null = null,
) {
  const [row] = await t.database.rows<{ id: string }>(
    sql`insert into library_reports (setting_id, kind, message, client_key, reporter_id)
        values (${settingId}, ${kind}, ${message}, 'test', ${reporter}) returning id`,
  );
  return row!.id;
}

const settingRow = async (id: string) =>
  (
    await t.database.rows<{
      visibility: string;
      reject_reason: string | null;
      hidden_from: string | null;
      tune_id: string;
    }>(
      sql`select visibility, reject_reason, hidden_from, tune_id from library_settings where id = ${id}`,
    )
  )[0]!;

const tuneRow = async (id: string) =>
  (
    await t.database.rows<{
      slug: string;
      title: string;
      search_text: string;
      merged_into: string | null;
      featured_at: string | null;
      aliases: string[];
    }>(
      sql`select slug, title, search_text, merged_into, featured_at, aliases from library_tunes where id = ${id}`,
    )
  )[0]!;

const auditOf = (targetId: string) =>
  t.database.rows<{
    action: string;
    actor_id: string | null;
    actor_label: string;
    detail: Record<string, unknown>;
  }>(
    sql`select action, actor_id, actor_label, detail from library_audit where target_id = ${targetId} order by id`,
  );

beforeAll(async () => {
  t = await createTestApp({
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '1000',
    ADMIN_EMAILS: 'boss@example.org',
  });
  boss = await signIn(t, 'boss@example.org');
  alice = await signIn(t, 'alice@example.org');
  bob = await signIn(t, 'bob@example.org');
  rogue = await signIn(t, 'rogue@example.org');
  aliceId = await idOf(alice);
  await t.app.inject({
    method: 'POST',
    url: adminUserPath(await idOf(rogue), 'ban'),
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ reason: 'spam' }),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('issue 15.8: only administrators curate', () => {
  it('issue 15.8: every curation route refuses anonymous (401), users (403) and banned users (403), and answers administrators', async () => {
    const tuneId = await addTune('Permission Test Tune');
    const otherId = await addTune('Permission Other Tune');
    const settingId = await addSetting(tuneId, 'pending');
    const reportId = await addReport(settingId, 'copyright');
    const calls: [ApiRoute, object, unknown?][] = [
      [r.queue, {}],
      [r.approve, { settingId }, {}],
      [r.reject, { settingId }, { reason: 'no' }],
      [r.tunes, {}],
      [r.editTune, { tuneId }, { title: 'Hijacked' }],
      [r.mergeTune, { tuneId }, { into: otherId }],
      [r.featureTune, { tuneId }, { featured: true }],
      [r.reports, {}],
      [r.resolveReport, { reportId }, { decision: 'dismiss' }],
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
    // Nothing changed, nothing logged.
    expect(await settingRow(settingId)).toMatchObject({ visibility: 'pending', tune_id: tuneId });
    expect(await tuneRow(tuneId)).toMatchObject({
      title: 'Permission Test Tune',
      merged_into: null,
      featured_at: null,
    });
    expect(await auditOf(settingId)).toEqual([]);
    expect(await auditOf(tuneId)).toEqual([]);
    expect(await auditOf(reportId)).toEqual([]);
    // The GETs answer an administrator by session and by ADMIN_TOKEN.
    for (const route of [r.queue, r.tunes, r.reports, r.audit]) {
      expect((await call(route, { cookie: boss })).statusCode).toBe(200);
      const byToken = await call(route, admin);
      expect(byToken.statusCode).toBe(200);
      expect(byToken.headers['cache-control']).toBe('no-store');
    }
  });

  it('issue 15.8: a cookie write from another site is refused', async () => {
    const tuneId = await addTune('Cross Site Tune');
    const response = await t.app.inject({
      method: 'POST',
      url: r.featureTune.build({ tuneId }),
      headers: { origin: 'https://evil.example', cookie: boss, 'content-type': 'application/json' },
      payload: JSON.stringify({ featured: true }),
    });
    expect(response.statusCode).toBe(403);
    expect((await tuneRow(tuneId)).featured_at).toBeNull();
  });
});

describe('issue 15.8: the moderation queue', () => {
  it('issue 15.8: lists pending settings only, oldest first, with the music, licence and the uploader for admins', async () => {
    const tuneId = await addTune('Queue Order Tune');
    const newer = await addSetting(tuneId, 'pending', { ageMinutes: 10_000 });
    const older = await addSetting(tuneId, 'pending', { ageMinutes: 20_000 });
    await addSetting(tuneId, 'private', { ageMinutes: 30_000 });
    await addSetting(tuneId, 'public', { ageMinutes: 30_000 });
    const { settings, total } = await data<{ settings: CuratedSetting[]; total: number }>(
      await call(r.queue, { cookie: boss }, {}, undefined, { limit: 50 }),
    );
    expect(settings.every((s) => s.visibility === 'pending')).toBe(true);
    expect(total).toBe(settings.length);
    const ids = settings.map((s) => s.id);
    expect(ids.indexOf(older)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(settings.find((s) => s.id === older)).toMatchObject({
      bww: BWW,
      licence: 'cc-by',
      attribution: 'Alice Piper',
      source: 'My own setting',
      tune: { id: tuneId, title: 'Queue Order Tune' },
      uploader: { id: aliceId, email: 'alice@example.org' },
    });
  });

  it('issue 15.8: approve makes a pending setting public once, and logs who did it', async () => {
    const tuneId = await addTune('Approve Me');
    const settingId = await addSetting(tuneId, 'pending');
    const approved = await data<CuratedSetting>(
      await call(r.approve, { cookie: boss }, { settingId }, {}),
    );
    expect(approved.visibility).toBe('public');
    expect((await settingRow(settingId)).visibility).toBe('public');
    const again = await call(r.approve, { cookie: boss }, { settingId }, {});
    expect(again.statusCode).toBe(409);
    const [entry] = await auditOf(settingId);
    expect(entry).toMatchObject({
      action: 'approve',
      actor_id: await idOf(boss),
      actor_label: 'boss@example.org',
    });
    expect(entry!.detail).toMatchObject({ tuneId, title: 'Approve Me' });
  });

  it('issue 15.8: a setting whose licence does not allow sharing cannot be approved', async () => {
    const tuneId = await addTune('Private Use Tune');
    const settingId = await addSetting(tuneId, 'pending', { licence: 'private-use' });
    expect((await call(r.approve, admin, { settingId }, {})).statusCode).toBe(400);
    expect((await settingRow(settingId)).visibility).toBe('pending');
  });

  it('issue 15.8: reject needs a bounded reason, which is stored and mailed to the uploader', async () => {
    const tuneId = await addTune('Reject Me');
    const settingId = await addSetting(tuneId, 'pending');
    const empty = await call(r.reject, { cookie: boss }, { settingId }, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/^reason: /);
    const long = 'x'.repeat(LIBRARY_LIMITS.rejectReason + 1);
    expect(
      (await call(r.reject, { cookie: boss }, { settingId }, { reason: long })).statusCode,
    ).toBe(400);
    expect((await settingRow(settingId)).visibility).toBe('pending');

    const reason = 'The composer died in 1990: this tune is still in copyright.';
    const rejected = await data<CuratedSetting & { mailed: boolean }>(
      await call(r.reject, { cookie: boss }, { settingId }, { reason }),
    );
    expect(rejected).toMatchObject({ visibility: 'rejected', rejectReason: reason, mailed: true });
    expect(await settingRow(settingId)).toMatchObject({
      visibility: 'rejected',
      reject_reason: reason,
    });
    const [mail] = await t.app.mailer.outbox({ to: 'alice@example.org', limit: 1 });
    expect(mail?.subject).toBe('Your tune was not added to the Chanterlab library');
    expect(mail?.text).toContain('Reject Me');
    expect(mail?.text).toContain(reason);
    const [entry] = await auditOf(settingId);
    expect(entry).toMatchObject({ action: 'reject', actor_label: 'boss@example.org' });
    expect(entry!.detail).toMatchObject({ reason });
    expect((await call(r.reject, { cookie: boss }, { settingId }, { reason })).statusCode).toBe(
      409,
    );
  });
});

describe('issue 15.8: tunes', () => {
  it('issue 15.8: finds tunes by title or alias with typos forgiven, whatever their settings’ visibility', async () => {
    const tuneId = await addTune('The Barren Rocks of Aden', { aliases: ['Barren Rocks'] });
    await addSetting(tuneId, 'pending');
    const { tunes } = await data<{ tunes: CuratedTune[] }>(
      await call(r.tunes, admin, {}, undefined, { q: 'barren rokcs of aden' }),
    );
    expect(tunes[0]).toMatchObject({
      id: tuneId,
      title: 'The Barren Rocks of Aden',
      settings: { total: 1, public: 0, pending: 1 },
    });
  });

  it('issue 15.8: editing metadata recomputes search_text and keeps the slug unless asked', async () => {
    const tuneId = await addTune('Scotland the Brve');
    const { slug } = await tuneRow(tuneId);
    const edited = await data<CuratedTune>(
      await call(
        r.editTune,
        { cookie: boss },
        { tuneId },
        {
          title: 'Scotland the Brave',
          aliases: ['Scotland Forever'],
          type: '4/4 march',
          timeSignature: '4/4',
          composer: 'Traditional',
          composerDates: null,
          notes: 'Words by Cliff Hanley (1950) are not part of this setting.',
        },
      ),
    );
    expect(edited).toMatchObject({
      title: 'Scotland the Brave',
      slug,
      type: '4/4 march',
      timeSignature: '4/4',
    });
    expect(await tuneRow(tuneId)).toMatchObject({
      slug,
      search_text: 'scotland the brave\nscotland forever',
    });
    const [entry] = await auditOf(tuneId);
    expect(entry).toMatchObject({ action: 'edit' });
    expect(entry!.detail).toMatchObject({
      before: { title: 'Scotland the Brve', type: '2/4 march' },
      after: { title: 'Scotland the Brave', type: '4/4 march' },
    });

    // Asked: the tune takes its new title's address, made unique.
    await addTune('Clash Slug');
    await t.database.rows(
      sql`update library_tunes set slug = 'renamed-tune' where title = 'Clash Slug'`,
    );
    const renamed = await data<CuratedTune>(
      await call(r.editTune, admin, { tuneId }, { title: 'Renamed Tune', renameSlug: true }),
    );
    expect(renamed.slug).toBe('renamed-tune-2');
    const bad = await call(r.editTune, admin, { tuneId }, { type: 'polka' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^type: /);
    expect(
      (await call(r.editTune, admin, { tuneId: randomUUID() }, { title: 'x' })).statusCode,
    ).toBe(404);
  });

  it('issue 15.8: merging moves the settings under the target; the old slug stays with merged_into for the redirect', async () => {
    const target = await addTune('Highland Laddie');
    const duplicate = await addTune('Hieland Laddie', { aliases: ['The Laddie'], featured: true });
    const older = await addTune('Heiland Laddie');
    const kept = await addSetting(target, 'public');
    const movedA = await addSetting(duplicate, 'public');
    const movedB = await addSetting(duplicate, 'pending');
    const olderSetting = await addSetting(older, 'public');
    // An earlier merge into the duplicate: after this one it points at the target (one hop).
    await data(await call(r.mergeTune, admin, { tuneId: older }, { into: duplicate }));
    const { slug: oldSlug } = await tuneRow(duplicate);

    const merged = await data<{ tune: CuratedTune; moved: number }>(
      await call(r.mergeTune, { cookie: boss }, { tuneId: duplicate }, { into: target }),
    );
    expect(merged.moved).toBe(3);
    expect(merged.tune).toMatchObject({ id: target, featured: true, settings: { total: 4 } });
    for (const id of [kept, movedA, movedB, olderSetting]) {
      expect((await settingRow(id)).tune_id).toBe(target);
    }
    expect(await tuneRow(duplicate)).toMatchObject({
      slug: oldSlug,
      merged_into: target,
      featured_at: null,
    });
    expect((await tuneRow(older)).merged_into).toBe(target);
    const targetRow = await tuneRow(target);
    expect(targetRow.aliases).toEqual(
      expect.arrayContaining(['Hieland Laddie', 'The Laddie', 'Heiland Laddie']),
    );
    expect(targetRow.search_text).toContain('hieland laddie');
    const [entry] = await auditOf(duplicate);
    expect(entry).toMatchObject({ action: 'merge', actor_label: 'boss@example.org' });
    expect(entry!.detail).toMatchObject({
      into: target,
      slug: oldSlug,
      intoTitle: 'Highland Laddie',
    });
    // Merged tunes leave the list; merging again, or into itself, is refused.
    const { tunes } = await data<{ tunes: CuratedTune[] }>(
      await call(r.tunes, admin, {}, undefined, { q: 'laddie' }),
    );
    expect(tunes.map((x) => x.id)).toEqual([target]);
    expect(
      (await call(r.mergeTune, admin, { tuneId: duplicate }, { into: target })).statusCode,
    ).toBe(409);
    expect((await call(r.mergeTune, admin, { tuneId: target }, { into: target })).statusCode).toBe(
      400,
    );
  });

  it('issue 15.8: feature and unfeature a tune, each logged', async () => {
    const tuneId = await addTune('Feature Me');
    const on = await data<CuratedTune>(
      await call(r.featureTune, { cookie: boss }, { tuneId }, { featured: true }),
    );
    expect(on.featured).toBe(true);
    expect((await tuneRow(tuneId)).featured_at).not.toBeNull();
    const { tunes } = await data<{ tunes: CuratedTune[] }>(
      await call(r.tunes, admin, {}, undefined, { featured: 'true', limit: 50 }),
    );
    expect(tunes.map((x) => x.id)).toContain(tuneId);
    const off = await data<CuratedTune>(
      await call(r.featureTune, admin, { tuneId }, { featured: false }),
    );
    expect(off.featured).toBe(false);
    expect((await tuneRow(tuneId)).featured_at).toBeNull();
    expect((await auditOf(tuneId)).map((e) => [e.action, e.actor_label])).toEqual([
      ['feature', 'boss@example.org'],
      ['unfeature', 'admin token'],
    ]);
  });
});

describe('issue 15.8: reports', () => {
  it('issue 15.8: lists open reports with their setting, oldest first', async () => {
    const tuneId = await addTune('Reported Tune');
    const settingId = await addSetting(tuneId, 'public');
    const reportId = await addReport(
      settingId,
      'wrong-notes',
      'Bar 3 has a D, not a C.',
      await idOf(bob),
    );
    const { reports } = await data<{ reports: CuratedReport[] }>(
      await call(r.reports, admin, {}, undefined, { limit: 50 }),
    );
    const report = reports.find((x) => x.id === reportId);
    expect(report).toMatchObject({
      kind: 'wrong-notes',
      status: 'open',
      message: 'Bar 3 has a D, not a C.',
      reporter: 'bob@example.org',
      setting: { id: settingId, bww: BWW, tune: { title: 'Reported Tune' } },
    });
    expect(reports.every((x) => x.status === 'open')).toBe(true);
  });

  it('issue 15.8: dismissing a copyright report gives a hidden setting back the visibility it had', async () => {
    const tuneId = await addTune('Wrongly Reported');
    const settingId = await addSetting(tuneId, 'hidden', { hiddenFrom: 'public' });
    const first = await addReport(settingId, 'copyright');
    const second = await addReport(settingId, 'copyright');
    // Another open copyright report still holds it hidden.
    await data(
      await call(r.resolveReport, { cookie: boss }, { reportId: first }, { decision: 'dismiss' }),
    );
    expect((await settingRow(settingId)).visibility).toBe('hidden');
    const last = await data<CuratedReport>(
      await call(
        r.resolveReport,
        admin,
        { reportId: second },
        { decision: 'dismiss', note: 'Traditional tune.' },
      ),
    );
    expect(last).toMatchObject({ status: 'dismissed', setting: { visibility: 'public' } });
    expect(await settingRow(settingId)).toMatchObject({ visibility: 'public', hidden_from: null });
    expect(
      (await call(r.resolveReport, admin, { reportId: second }, { decision: 'uphold' })).statusCode,
    ).toBe(409);
    const [entry] = await auditOf(second);
    expect(entry).toMatchObject({ action: 'report-dismissed', actor_label: 'admin token' });
    expect(entry!.detail).toMatchObject({
      visibility: { before: 'hidden', after: 'public' },
      note: 'Traditional tune.',
    });

    // A pending setting hidden by a report returns to the queue, not to the public.
    const pendingId = await addSetting(tuneId, 'hidden', { hiddenFrom: 'pending' });
    const third = await addReport(pendingId, 'copyright');
    await data(await call(r.resolveReport, admin, { reportId: third }, { decision: 'dismiss' }));
    expect((await settingRow(pendingId)).visibility).toBe('pending');
  });

  it('issue 15.8: upholding a copyright report keeps the setting hidden for good and closes its other reports', async () => {
    const tuneId = await addTune('Really in Copyright');
    const settingId = await addSetting(tuneId, 'hidden', { hiddenFrom: 'public' });
    const reportId = await addReport(settingId, 'copyright');
    const other = await addReport(settingId, 'other');
    const upheld = await data<CuratedReport>(
      await call(r.resolveReport, { cookie: boss }, { reportId }, { decision: 'uphold' }),
    );
    expect(upheld).toMatchObject({ status: 'upheld', setting: { visibility: 'hidden' } });
    expect(await settingRow(settingId)).toMatchObject({ visibility: 'hidden', hidden_from: null });
    const [closed] = await t.database.rows<{ status: string }>(
      sql`select status from library_reports where id = ${other}`,
    );
    expect(closed?.status).toBe('upheld');
    const [mail] = await t.app.mailer.outbox({ to: 'alice@example.org', limit: 1 });
    expect(mail?.text).toContain('Really in Copyright');
    expect((await auditOf(reportId))[0]).toMatchObject({ action: 'report-upheld' });
  });

  it('issue 15.8: upholding a wrong-notes report rejects the setting with the curator’s note', async () => {
    const tuneId = await addTune('Wrong Notes Tune');
    const settingId = await addSetting(tuneId, 'public');
    const reportId = await addReport(settingId, 'wrong-notes');
    await data(
      await call(
        r.resolveReport,
        admin,
        { reportId },
        { decision: 'uphold', note: 'Part 2 is missing.' },
      ),
    );
    expect(await settingRow(settingId)).toMatchObject({
      visibility: 'rejected',
      reject_reason: 'Part 2 is missing.',
    });
  });
});

describe('issue 15.8: the audit log', () => {
  it('issue 15.8: lists every curation action newest first, paged', async () => {
    const tuneId = await addTune('Audit Order Tune');
    await call(r.featureTune, admin, { tuneId }, { featured: true });
    await call(r.featureTune, { cookie: boss }, { tuneId }, { featured: false });
    const { entries, total } = await data<{ entries: AuditEntry[]; total: number }>(
      await call(r.audit, admin, {}, undefined, { limit: 2 }),
    );
    expect(entries.map((e) => [e.action, e.actorLabel, e.targetId])).toEqual([
      ['unfeature', 'boss@example.org', tuneId],
      ['feature', 'admin token', tuneId],
    ]);
    expect(entries[0]!.detail).toEqual({ title: 'Audit Order Tune' });
    const [count] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from library_audit`,
    );
    expect(total).toBe(count!.n);
    const next = await data<{ entries: AuditEntry[] }>(
      await call(r.audit, admin, {}, undefined, { limit: 2, offset: 1 }),
    );
    expect(next.entries[0]!.id).toBe(entries[1]!.id);
    expect(entries[0]!.id).toBeGreaterThan(entries[1]!.id);
  });
});
