/**
 * The tutor directory in Chromium against the real server (issue 16 'Done when': a tutor
 * listing is made from the profile and found on /instruction). A signed-in piper becomes a
 * tutor from /user-profile; an administrator approves the listing through the moderation API
 * (issue 16 item 7), and the tutor is found on /instruction by place search.
 *
 * TUTOR_SHOTS=DIR also saves screenshots of /instruction, the profile's tutor section and both
 * invitation pages at 1280 and 375 px.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { directoryMessages } from '../src/contracts/directory/directoryTerms.ts';
import { moderationRoutes } from '../src/contracts/directory/moderationRoutes.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { magicLinkSignIn } from './fixtures/magicLinkSignIn.ts';

const SHOTS = process.env.TUTOR_SHOTS;
const ADMIN_TOKEN = 'e2e-tutors-admin-token-0123456789abcdef';

// One server (with the admin token, for the mailed links) and one Chromium for the file.
const app = useApp({ server: { env: { ADMIN_TOKEN } } });
const url = app.url;

/** Signs `email` in on `page` through a real magic link, landing on `target`. */
function signIn(page: Page, email: string, target: string): Promise<void> {
  return magicLinkSignIn(page, app.server.url, ADMIN_TOKEN, email, target);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Picks a town in a PlacePicker combobox by typing and choosing its suggestion. */
async function pickTown(page: Page, label: string, typed: string, option: string) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** An administrator approves the listing through the moderation API (issue 16 item 7). */
async function approve(name: string) {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const queue = (await (
    await fetch(url(moderationRoutes.queue.build({}, { status: 'pending' })), { headers: admin })
  ).json()) as { data: { items: { id: string; kind: string; name: string }[] } };
  const listing = queue.data.items.find((i) => i.kind === 'tutor' && i.name === name);
  expect(listing).toBeDefined();
  const decided = await fetch(
    url(moderationRoutes.decide.build({ kind: 'tutor', listingId: listing!.id })),
    {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json', origin: app.server.url },
      body: JSON.stringify({ action: 'approve' }),
    },
  );
  expect(decided.status).toBe(200);
}

describe('the tutor directory (issue 16 item 5, Done when)', () => {
  it('issue 16 Done when: a tutor listing made from the profile is found on /instruction once approved', async () => {
    const page = await app.open(undefined, { width: 1280, height: 900 });
    await signIn(page, 'tutor@example.org', '/user-profile');

    await page.getByRole('button', { name: 'Become a Tutor' }).click();
    await page.getByLabel('Name pupils will know you by').fill('Iain Inverness');
    await pickTown(page, 'Town', 'Invernes', 'Inverness, Scotland, United Kingdom');
    await page.getByLabel('Online', { exact: true }).check();
    await page.getByLabel('Competition preparation').check();
    await page.getByLabel('From', { exact: true }).fill('25');
    await page.getByLabel('To', { exact: true }).fill('35');
    // The form, filled, passes axe (the profile is guarded, so axe.e2e.ts does not reach it).
    expect(await axeViolations(page, { include: '.profile-tutor' })).toEqual([]);
    await page.getByRole('button', { name: 'Save Listing' }).click();
    await expect
      .poll(() => page.getByTestId('tutor-status').textContent())
      .toBe(directoryMessages.pending);
    await page.getByRole('heading', { name: 'Tutor listing' }).scrollIntoViewIfNeeded();

    // Pending listings are not listed.
    const before = await fetch(url('/api/tutors'));
    expect(((await before.json()) as { data: { total: number } }).data.total).toBe(0);

    await approve('Iain Inverness');

    await page.goto(url('/instruction'));
    await pickTown(page, 'Near', 'Nairn', 'Nairn, Scotland, United Kingdom');
    await page.getByLabel('Lessons', { exact: true }).selectOption('in-person');
    await page.getByRole('button', { name: 'Search' }).click();
    const card = page.getByRole('listitem', { name: 'Iain Inverness' });
    await card.waitFor({ timeout: 15_000 });
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Inverness, Scotland, United Kingdom');
    expect(text).toMatch(/\d+(\.\d)? km away/);
    expect(text).toContain('In person and online');
    expect(text).toContain('£25–£35 a lesson');
    expect(await page.content()).not.toContain('tutor@example.org');
    expect(await axeViolations(page)).toEqual([]);
    expectNoConsoleErrors(page, '/instruction');

    await shoot(page, 'instruction');
    if (SHOTS) {
      await page.goto(url('/user-profile'));
      await page.getByTestId('tutor-status').waitFor();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page
          .locator('.profile-tutor')
          .screenshot({ path: `${SHOTS}/profile-tutor-${width}.png` });
      }
      await page.getByRole('button', { name: 'Edit Listing' }).click();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page
          .locator('.profile-tutor')
          .screenshot({ path: `${SHOTS}/profile-tutor-form-${width}.png` });
      }
      for (const path of ['/tutor-invitation', '/band-invitation']) {
        await page.goto(url(path));
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shoot(page, path.slice(1));
      }
    }
  }, 180_000);
});
