/**
 * The public band page's server side (issue 16 item 4): the HTML the server sends for
 * `/band/{bandId}` (title, description, canonical URL, JSON-LD MusicGroup with its locality;
 * not-found head and 404 for bands nobody may see), the practice calendar with the page's
 * visibility rule, and 'Contact this band' / contacting a tutor through the Send Email relay
 * with the address kept on the server. Runs on PGlite, and on PostgreSQL under
 * scripts/with-postgres.sh.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi, adminUserPath, type SessionAnswer } from '../../contracts/account.ts';
import { BAND_CALENDAR_PATTERN } from '../../contracts/directory/bandRoutes.ts';
import { directoryMessages } from '../../contracts/directory/directoryTerms.ts';
import { CAPTCHA_CHALLENGE_PATH } from '../../contracts/forms.ts';
import { pathTo } from '../../contracts/routes.ts';
import { SEND_EMAIL_PATH, sendEmailMessages } from '../../contracts/sendEmail.ts';
import { signIn } from '../auth/testSignIn.ts';
import { addBand, addTutor } from '../testing/directoryRows.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

const SITE = 'https://pipes.example.org';
const CONTACT = 'secret-band-contact@example.net';
let t: TestApp;
let alice: string;
let bob: string;
let rogue: string;
let aliceId: string;
let bobId: string;
let client = 0;

const idOf = async (cookie: string) =>
  (
    await t.app.inject({ method: 'GET', url: accountApi.session, headers: { cookie } })
  ).json<SessionAnswer>().user!.id;

beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_SITE_URL: SITE,
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '1000',
  });
  alice = await signIn(t, 'alice@example.org');
  bob = await signIn(t, 'bob@example.org');
  rogue = await signIn(t, 'rogue@example.org');
  aliceId = await idOf(alice);
  bobId = await idOf(bob);
  const rogueId = await idOf(rogue);
  await t.app.inject({
    method: 'POST',
    url: adminUserPath(rogueId, 'ban'),
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ reason: 'spam' }),
  });
  // The banned user manages a hidden band: banned, they may not see it.
  hiddenOfRogue = await addBand(t.database, { status: 'hidden', ownerId: rogueId });
});
afterAll(async () => {
  await t?.close();
});
let hiddenOfRogue: string;

const page = (bandId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/band/${bandId}`, headers });

const calendar = (bandId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: pathTo(BAND_CALENDAR_PATTERN, { bandId }), headers });

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json" data-seo>(.*?)<\/script>/s.exec(html);
  expect(match, 'JSON-LD script present').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('issue 16.4: the band page’s HTML from the server', () => {
  it('issue 16.4: a listed band’s page carries its name as the title, a description, the canonical URL and JSON-LD MusicGroup with its locality — never the contact address', async () => {
    const bandId = await addBand(t.database, {
      name: 'Glenbogle & District Pipe Band',
      description: 'A friendly grade 4 band. New pipers and drummers welcome.',
      town: 'Inverness',
      country: 'GB',
    });
    const response = await page(bandId);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Glenbogle &amp; District Pipe Band | Chanterlab</title>');
    expect(html).toMatch(
      /<meta name="description" content="Glenbogle &amp; District Pipe Band: a grade 4 pipe band in Inverness, GB\. A friendly grade 4 band\.[^"]*"/,
    );
    expect(html).toContain(`<link rel="canonical" href="${SITE}/band/${bandId}" data-seo>`);
    expect(html).toContain('<meta name="robots" content="index, follow"');
    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MusicGroup',
      name: 'Glenbogle & District Pipe Band',
      url: `${SITE}/band/${bandId}`,
      address: { '@type': 'PostalAddress', addressLocality: 'Inverness', addressCountry: 'GB' },
    });
    expect(html).not.toContain(CONTACT);
    expect(html).not.toContain('Academy Street');
  });

  it('issue 16.4: a name that looks like markup is escaped in the head and cannot end the JSON-LD script', async () => {
    const name = '</script><script>alert(1)</script> "Pipes"';
    const bandId = await addBand(t.database, { name });
    const html = (await page(bandId)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Pipes&quot;',
    );
    expect(jsonLd(html).name).toBe(name);
  });

  it('issue 16.4: unknown, malformed, pending, rejected, hidden and lapsed bands get the not-found head and a 404, even for their managers', async () => {
    const ids = [
      '00000000-0000-4000-8000-000000000000',
      'not-a-band',
      await addBand(t.database, {
        name: 'Pending Secret Band',
        status: 'pending',
        ownerId: aliceId,
      }),
      await addBand(t.database, { name: 'Rejected Secret Band', status: 'rejected' }),
      await addBand(t.database, { name: 'Hidden Secret Band', status: 'hidden' }),
      await addBand(t.database, { name: 'Lapsed Secret Band', confirmedDaysAgo: 400 }),
    ];
    for (const id of ids) {
      const response = await page(id, { cookie: alice });
      expect(response.statusCode, id).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>Band not found | Chanterlab</title>');
      expect(response.body).toContain(directoryMessages.notFound);
      expect(response.body).not.toContain('Secret Band');
      expect(response.body).toContain('<meta name="robots" content="noindex"');
    }
  });
});

describe('R-2.1.SEO-01 issue 16.4: listed band pages in the sitemap', () => {
  it('R-2.1.SEO-01 issue 16.4: sitemap.xml names every listed band’s page with its last change, and no pending, hidden or lapsed band', async () => {
    const listed = await addBand(t.database, { name: 'Sitemap Listed Pipe Band' });
    const pending = await addBand(t.database, { status: 'pending' });
    const hidden = await addBand(t.database, { status: 'hidden' });
    const lapsed = await addBand(t.database, { confirmedDaysAgo: 400 });
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const entry = new RegExp(
      `<url><loc>${SITE}/band/${listed}</loc><lastmod>(\\d{4}-\\d{2}-\\d{2})</lastmod></url>`,
    ).exec(res.body);
    expect(entry, 'the listed band’s page').not.toBeNull();
    // Written a moment ago: its last change is today (or yesterday across midnight UTC).
    expect(Date.parse(today) - Date.parse(entry![1]!)).toBeLessThanOrEqual(86_400_000);
    for (const id of [pending, hidden, lapsed, hiddenOfRogue]) expect(res.body).not.toContain(id);
    // The fixed routes are still there beside the bands.
    expect(res.body).toContain(`<loc>${SITE}/bands</loc>`);
  });
});

describe('issue 16.4: the practice calendar', () => {
  it('issue 16.4: a listed band’s practice nights as text/calendar with CRLF lines and a weekly rule each', async () => {
    const bandId = await addBand(t.database, {
      name: 'Calendar Pipe Band',
      practice: [
        { day: 'tue', start: '19:30', end: '21:30' },
        { day: 'thu', start: '19:00', end: '21:00' },
      ],
    });
    const response = await calendar(bandId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = response.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU\r\n');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=TH\r\n');
    expect(ics).toContain('SUMMARY:Calendar Pipe Band practice\r\n');
    // Rounded place: the town, not the street.
    expect(ics).toContain('LOCATION:Inverness\\, GB\r\n');
    expect(ics).not.toContain('Academy Street');
    expect(ics).not.toContain(CONTACT);
    expect(ics.replace(/\r\n /g, '')).toContain(`URL:${SITE}/band/${bandId}\r\n`);
  });

  it('issue 16.4: a band that shows its venue exactly puts it in the calendar', async () => {
    const bandId = await addBand(t.database, { exact: true, venue: 'Drill Hall' });
    expect((await calendar(bandId)).body).toContain('LOCATION:Drill Hall\\, Inverness\\, GB\r\n');
  });

  it('issue 16.4: a hidden band’s calendar is gone for everyone but its managers and administrators; a banned manager gets nothing', async () => {
    const bandId = await addBand(t.database, {
      name: 'Hidden Calendar Band',
      status: 'hidden',
      ownerId: aliceId,
    });
    expect((await calendar(bandId)).statusCode).toBe(404);
    expect((await calendar(bandId, { cookie: bob })).statusCode).toBe(404);
    const manager = await calendar(bandId, { cookie: alice });
    expect(manager.statusCode).toBe(200);
    expect(manager.headers['cache-control']).toBe('private, no-store');
    expect(manager.body).toContain('Hidden Calendar Band');
    const admin = await calendar(bandId, { authorization: `Bearer ${TEST_ADMIN_TOKEN}` });
    expect(admin.statusCode).toBe(200);
    expect((await calendar(hiddenOfRogue, { cookie: rogue })).statusCode).toBe(404);
    expect((await calendar('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

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

async function relay(recipientId: string, message: string) {
  client += 1;
  return t.app.inject({
    method: 'POST',
    url: SEND_EMAIL_PATH,
    remoteAddress: `10.16.0.${client}`,
    payload: {
      recipientId,
      email: 'learner@example.com',
      message,
      captchaToken: await solvedPayload(),
    },
  });
}

describe('issue 16.4: contact through the Send Email relay', () => {
  it('issue 16.4: band:{id} reaches a listed band’s contact address and its managers, reply-to the sender; the address never comes back', async () => {
    const bandId = await addBand(t.database, {
      name: 'Contact Me Pipe Band',
      ownerId: aliceId,
      managerIds: [bobId],
    });
    const response = await relay(`band:${bandId}`, 'Can I come along on Tuesday?');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(CONTACT);
    for (const to of [CONTACT, 'alice@example.org', 'bob@example.org']) {
      const mail = (await t.app.mailer.outbox({ to })).filter((m) =>
        m.text.includes('Can I come along on Tuesday?'),
      );
      expect(mail, to).toHaveLength(1);
      expect(mail[0]!.subject).toBe('Message for Contact Me Pipe Band via Chanterlab');
      expect(mail[0]!.text).toContain('learner@example.com');
    }
  });

  it('issue 16.4: hidden, pending and unknown bands and unlisted tutors cannot be reached', async () => {
    const hidden = await addBand(t.database, {
      status: 'hidden',
      contactEmail: 'hidden@example.net',
    });
    const pending = await addBand(t.database, {
      status: 'pending',
      contactEmail: 'pending@example.net',
    });
    const pendingTutor = await addTutor(t.database, aliceId, { status: 'pending' });
    for (const id of [
      `band:${hidden}`,
      `band:${pending}`,
      'band:00000000-0000-4000-8000-000000000000',
      'band:not-a-uuid',
      `tutor:${pendingTutor}`,
    ]) {
      const response = await relay(id, 'Hello?');
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe(sendEmailMessages.unknownRecipient);
    }
    expect(await t.app.mailer.outbox({ to: 'hidden@example.net' })).toEqual([]);
    expect(await t.app.mailer.outbox({ to: 'pending@example.net' })).toEqual([]);
  });

  it('issue 16.5: tutor:{id} reaches a listed tutor’s account address', async () => {
    const tutorId = await addTutor(t.database, bobId, { name: 'Bob Tutor', status: 'public' });
    const response = await relay(`tutor:${tutorId}`, 'Do you teach online?');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('bob@example.org');
    const mail = (await t.app.mailer.outbox({ to: 'bob@example.org' })).filter((m) =>
      m.text.includes('Do you teach online?'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Message for Bob Tutor via Chanterlab');
    await t.database.rows(sql`delete from tutors where id = ${tutorId}`);
  });
});
