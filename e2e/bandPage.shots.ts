/**
 * Screenshots of the band page (with and without a logo), its not-found page and the
 * moderation page at desktop and phone widths (issue 16 items 4 and 7), with axe run on each.
 * Not a gate: `npm run screenshots` writes PNGs into .tmp/screenshots/. The band API is
 * answered by the page itself (page.route), so the pictures need no registered band.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Band } from '../src/contracts/directory/bandRoutes.ts';
import { axeViolations, fitsWidth } from './fixtures/axeViolations.ts';
import { closePage } from './fixtures/browser.ts';
import { useApp } from './fixtures/harness.ts';
import { repoRoot } from './fixtures/server.ts';

const outDir = join(repoRoot, '.tmp', 'screenshots');
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;

const BAND_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#14325c"/><circle cx="48" cy="48" r="30" fill="#9b1c2c"/><text x="48" y="56" font-size="22" text-anchor="middle" fill="#fff" font-family="sans-serif">GPB</text></svg>`;

const band: Band = {
  id: BAND_ID,
  name: 'Glenbogle & District Pipe Band',
  grade: 'grade-4',
  town: 'Inverness',
  country: 'GB',
  lat: 57.48,
  lon: -4.23,
  exactLocation: false,
  recruiting: ['pipers', 'snare', 'learners'],
  learnerProgramme: true,
  practiceDays: ['tue', 'thu'],
  distanceKm: null,
  logoUrl: `/band/${BAND_ID}/logo.webp?v=1`,
  association: 'RSPBA',
  branch: 'Highland',
  place: { id: 2646088, name: 'Inverness', country: 'GB', region: 'SCT', lat: 57.479, lon: -4.224 },
  venue: null,
  practice: [
    { day: 'tue', start: '19:30', end: '21:30' },
    { day: 'thu', start: '19:00', end: '21:00' },
  ],
  loanerInstruments: true,
  uniforms: false,
  website: 'https://www.glenbogle.example/',
  socials: ['https://social.example/@glenbogle'],
  description:
    'A friendly grade 4 band playing at Highland games across the north.\nLearners start on the practice chanter with our tutors every Tuesday; chanters and drum pads can be borrowed.',
  tunes: [
    {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      slug: 'scotland-the-brave',
      title: 'Scotland the Brave',
    },
    { id: '8a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', slug: 'amazing-grace', title: 'Amazing Grace' },
  ],
  manage: null,
  updatedAt: '2026-11-25T10:00:00.000Z',
};

async function fakeBand(page: Page, answer: Band) {
  await page.route(`**/api/bands/${BAND_ID}`, (route) => route.fulfill({ json: { data: answer } }));
  await page.route(`**/band/${BAND_ID}/logo.webp*`, (route) =>
    route.fulfill({ body: LOGO, contentType: 'image/svg+xml' }),
  );
}

const item = (over: Record<string, unknown>) => ({
  kind: 'band',
  id: BAND_ID,
  name: 'Glenbogle & District Pipe Band',
  town: 'Inverness',
  country: 'GB',
  status: 'pending',
  statusReason: null,
  registrant: 'Morag MacLeod',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  openReports: 0,
  ...over,
});

async function fakeModeration(page: Page) {
  await page.route('**/api/admin/listings?status=*', (route) =>
    route.fulfill({
      json: {
        data: {
          items: [
            item({}),
            item({
              kind: 'tutor',
              id: '4a2d3b5f-6c7e-4f80-9a1b-2c3d4e5f6a7b',
              name: 'Iain Tutor',
              town: 'London',
              openReports: 1,
              status: 'public',
              editedAt: '2026-11-23T10:00:00.000Z',
            }),
          ],
          reports: [
            {
              id: '5b3e4c60-7d8f-4a91-8b2c-3d4e5f6a7b8c',
              kind: 'tutor',
              listingId: '4a2d3b5f-6c7e-4f80-9a1b-2c3d4e5f6a7b',
              listingName: 'Iain Tutor',
              reason: 'wrong',
              message: 'The phone number on the website is out of date.',
              createdAt: '2026-11-22T10:00:00.000Z',
            },
          ],
        },
      },
    }),
  );
}

async function shoot(page: Page, name: string, size: string) {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  mkdirSync(outDir, { recursive: true });
  await page.screenshot({
    path: join(outDir, `${name}-${size}.png`),
    fullPage: true,
    animations: 'disabled',
  });
  expect(await axeViolations(page), `${name} at ${size}`).toEqual([]);
  expect(await fitsWidth(page), `${name} fits ${size}`).toBe(true);
}

describe('issue 16: band page and moderation screenshots', () => {
  const app = useApp();

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`band page with a logo at ${size}`, async () => {
      const page = await app.open(undefined, viewport);
      await fakeBand(page, band);
      await page.goto(app.url(`/band/${BAND_ID}`));
      await page.getByRole('img', { name: /logo/ }).waitFor();
      await shoot(page, 'band', size);
      await closePage(page);
    });

    it(`band page without a logo, seen by a manager, at ${size}`, async () => {
      const page = await app.open(undefined, viewport);
      await fakeBand(page, {
        ...band,
        logoUrl: null,
        recruiting: [],
        tunes: [],
        manage: {
          status: 'pending',
          statusReason: null,
          confirmedAt: band.updatedAt,
          listed: false,
        },
      });
      await page.goto(app.url(`/band/${BAND_ID}`));
      await page.getByRole('link', { name: 'Manage this band' }).waitFor();
      await shoot(page, 'band-no-logo', size);
      await closePage(page);
    });

    it(`band not found at ${size}`, async () => {
      const page = await app.open('/band/00000000-0000-4000-8000-000000000000', viewport);
      await page.getByRole('heading', { name: 'Band not found' }).waitFor();
      await shoot(page, 'band-not-found', size);
      console.log('console on not-found:', page.consoleErrors);
      await closePage(page);
    });

    it(`moderation at ${size}`, async () => {
      const page = await app.open(undefined, viewport);
      await fakeModeration(page);
      await page.goto(app.url('/admin-listings'));
      await page.getByLabel('Administrator token').fill('any-token-for-the-picture-0123456789');
      await page.getByLabel('Administrator token').press('Enter');
      await page.getByRole('heading', { name: /Iain Tutor/ }).waitFor();
      await shoot(page, 'admin-listings', size);
      await closePage(page);
    });
  }
});
