/**
 * Band registration and management in Chromium against the real server (issue 16 items 1 and
 * 3, 'Done when' part): a piper signs in, registers a band on /band-registration (town from
 * the offline gazetteer), sees it pending on /band-profile, invites a co-manager by email; the
 * invitee, in a second browser context, opens the mailed link, signs in with the invited
 * address, accepts and edits the band; an administrator approves it (the moderation API); a
 * visitor finds it by place search, in the list and on the map; its page's server HTML carries
 * the band's name and JSON-LD with its locality, never the contact address; the page shows the
 * rounded place; 'Contact this band' relays a message to the band's address in the outbox.
 *
 * BAND_SHOTS=DIR also saves screenshots of both screens at 1280 and 375 px.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountApi, type OutboxMessage } from '../src/contracts/account.ts';
import { moderationRoutes } from '../src/contracts/directory/moderationRoutes.ts';
import { directoryMessages } from '../src/contracts/directory/directoryTerms.ts';
import { sendEmailMessages } from '../src/contracts/sendEmail.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
import { type TestPage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { magicLinkSignIn } from './fixtures/magicLinkSignIn.ts';

const SHOTS = process.env.BAND_SHOTS;
const ADMIN_TOKEN = 'e2e-bands-admin-token-0123456789abcdef';

// One server (with the admin token, for the mailed links) and one Chromium for the file.
const app = useApp({ server: { env: { ADMIN_TOKEN } } });
const url = app.url;

async function open(): Promise<TestPage> {
  const page = await app.open(undefined, { width: 1280, height: 900 });
  return page;
}

/** The newest mail to `email` in the dev outbox. */
async function latestMail(email: string): Promise<OutboxMessage> {
  const outbox = await fetch(url(`${accountApi.outbox}?to=${encodeURIComponent(email)}`), {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const [message] = ((await outbox.json()) as { messages: OutboxMessage[] }).messages;
  expect(message).toBeDefined();
  return message!;
}

/** Signs `email` in on `page` through a real magic link, landing on `target`. */
function signIn(page: Page, email: string, target: string): Promise<void> {
  return magicLinkSignIn(page, app.server.url, ADMIN_TOKEN, email, target);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so the sticky menu bar is drawn there and not across the form.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('bands: registration and management (issue 16 items 1 and 3)', () => {
  it('issue 16 Done when: sign in → register a band → pending on /band-profile → invite a co-manager by email → the invitee accepts and edits it', async () => {
    const owner = await open();
    await signIn(owner, 'band-owner@example.org', '/band-registration');
    await owner.getByRole('heading', { name: 'Register your pipe band', level: 1 }).waitFor();
    const form = owner.locator('form.band-form');
    await form.getByLabel('Band name').fill('Strathclyde Test Pipe Band');
    await form.getByLabel('Grade').selectOption('grade-4');
    // The town from the offline gazetteer (the server's /api/places).
    await form.getByRole('combobox', { name: 'Town' }).fill('Glasgow');
    // By its full name: the suggestions rank the browser's country (en-US here) first.
    await owner.getByRole('option', { name: /^Glasgow, Scotland/ }).click();
    await form.getByLabel('Practice venue (name and address)').fill('Church Hall, 1 Test Road');
    await form.getByRole('checkbox', { name: 'Pipers' }).check();
    await form.getByLabel('Contact email').fill('pipemajor@band.example');
    expect(await axeViolations(owner)).toEqual([]);
    await shoot(owner, 'band-registration');
    await form.getByRole('button', { name: 'Register the band' }).click();
    await owner.getByText(directoryMessages.pending).waitFor();

    await owner.getByRole('link', { name: 'See and manage your bands' }).click();
    const card = owner.locator('article', {
      has: owner.getByRole('heading', { name: 'Strathclyde Test Pipe Band' }),
    });
    await card.getByText('Waiting for a moderator').waitFor();
    await card.getByText('Grade 4 · Glasgow, GB').waitFor();
    await card.getByLabel('Invite a co-manager by email').fill('co-manager@example.org');
    await card.getByRole('button', { name: 'Send invitation' }).click();
    await card.getByText(/co-manager@example\.org — until/).waitFor();
    expect(await axeViolations(owner)).toEqual([]);
    await shoot(owner, 'band-profile');

    // The invitee opens the mailed link in their own browser and signs in with that address.
    const mail = await latestMail('co-manager@example.org');
    const invite = new URL(/https?:\/\/\S+\/band-profile\?invite=\S+/.exec(mail.text)![0]);
    const invitee = await open();
    // The screen accepts the invitation and drops `?invite=` at once: wait for the path, then
    // for the welcome that proves the invitation arrived.
    await magicLinkSignIn(
      invitee,
      app.server.url,
      ADMIN_TOKEN,
      'co-manager@example.org',
      invite.pathname + invite.search,
      (u) => u.pathname === invite.pathname,
    );
    await invitee.getByText('Welcome! You now help manage Strathclyde Test Pipe Band.').waitFor();
    await invitee.waitForURL((u) => u.search === '');
    const theirs = invitee.locator('article', {
      has: invitee.getByRole('heading', { name: 'Strathclyde Test Pipe Band' }),
    });
    await theirs.getByRole('button', { name: 'Edit' }).click();
    await invitee
      .getByLabel('A short description (optional)')
      .fill('Beginners welcome on Tuesdays.');
    await invitee.getByRole('button', { name: 'Save changes' }).click();
    await invitee.getByText('Changes saved.').waitFor();

    // The owner sees the co-manager and the edit.
    await owner.reload();
    await card.getByText(/co-manager — co-manager/).waitFor();
    expectNoConsoleErrors(owner, 'owner');
    expectNoConsoleErrors(invitee, 'invitee');

    // An administrator approves it (issue 16 item 7).
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const queue = (await (
      await fetch(url(moderationRoutes.queue.build({}, { status: 'pending' })), { headers: admin })
    ).json()) as { data: { items: { id: string; name: string }[] } };
    const pending = queue.data.items.find((i) => i.name === 'Strathclyde Test Pipe Band');
    expect(pending).toBeDefined();
    const bandId = pending!.id;
    const approved = await fetch(
      url(moderationRoutes.decide.build({ kind: 'band', listingId: bandId })),
      {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json', origin: app.server.url },
        body: JSON.stringify({ action: 'approve' }),
      },
    );
    expect(approved.status).toBe(200);

    // A visitor finds it by place on /bands: in the list and as a marker on the map (item 2).
    const visitor = await open();
    await visitor.goto(url('/bands'));
    await visitor.getByRole('combobox', { name: /Town/ }).fill('Glasgow');
    await visitor.getByRole('option', { name: /^Glasgow, Scotland/ }).click();
    await visitor
      .getByRole('list', { name: 'Bands found' })
      .getByRole('link', { name: /Strathclyde Test Pipe Band/ })
      .waitFor();
    await visitor
      .getByRole('button', { name: 'Strathclyde Test Pipe Band (open its page)' })
      .waitFor({ timeout: 20_000 });

    // Its page: the server's HTML names it, with JSON-LD and its town — and never the contact
    // address (item 4); the page shows the rounded place.
    const html = await (await fetch(url(`/band/${bandId}`))).text();
    expect(html).toContain('<title>Strathclyde Test Pipe Band | Chanterlab</title>');
    expect(html).toContain('"@type":"MusicGroup"');
    expect(html).toContain('"addressLocality":"Glasgow"');
    expect(html).not.toContain('pipemajor@band.example');
    const api = (await (await fetch(url(`/api/bands/${bandId}`))).json()) as {
      data: { lat: number; lon: number; exactLocation: boolean };
    };
    expect(api.data.exactLocation).toBe(false);
    for (const degrees of [api.data.lat, api.data.lon]) {
      expect(Math.round(degrees * 100) / 100).toBeCloseTo(degrees, 10);
    }
    expect(JSON.stringify(api)).not.toContain('pipemajor@band.example');
    await visitor.goto(url(`/band/${bandId}`));
    await visitor.getByRole('heading', { level: 1, name: 'Strathclyde Test Pipe Band' }).waitFor();
    await visitor.getByText(/Near Glasgow/).waitFor();

    // 'Contact this band' goes through the relay to the band's address (item 4).
    await visitor.getByRole('button', { name: 'Contact this band' }).click();
    await visitor.getByRole('dialog', { name: 'Contact this band' }).waitFor();
    await visitor
      .getByLabel('Message')
      .fill('Do you take adult beginners on the practice chanter?');
    await visitor.getByLabel('Your email').fill('learner@example.org');
    await visitor.locator('altcha-widget input[type="checkbox"]').click();
    await visitor.waitForFunction(
      () =>
        (
          document.querySelector('altcha-widget') as unknown as { getState(): string }
        )?.getState() === 'verified',
      undefined,
      { timeout: 30_000 },
    );
    await visitor.getByRole('button', { name: 'Send', exact: true }).click();
    await visitor.getByText(sendEmailMessages.sent).waitFor();
    const relayed = await latestMail('pipemajor@band.example');
    expect(relayed.text).toContain('Do you take adult beginners on the practice chanter?');
    expectNoConsoleErrors(visitor, 'visitor');
  });
});
