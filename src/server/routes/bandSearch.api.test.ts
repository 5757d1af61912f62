/**
 * The band finder's reads (issue 16 item 2; 'Done when': the contact address never appears in
 * any response). Bands are inserted directly. Runs on PGlite, and on PostgreSQL under
 * scripts/with-postgres.sh.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandRoutes as routes, type BandSummary } from '../../contracts/directory/bandRoutes.ts';
import { bandRow, insertBands } from '../testing/insertBand.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

let t: TestApp;
const ids: Record<string, string> = {};

/** Perth, Scotland (GeoNames 2640358). */
const PERTH = { lat: 56.39522, lon: -3.43139 };

beforeAll(async () => {
  t = await createTestApp();
  const rows = [
    // 0 km, rounded: venue given, not exact.
    bandRow({
      name: 'Perth and District Pipe Band',
      grade: 'grade-2',
      venue_lat: 56.39871,
      venue_lon: -3.43777,
      recruiting: ['pipers', 'snare'],
      learner_programme: true,
      practice: [
        { day: 'tue', start: '19:30', end: '21:30' },
        { day: 'thu', start: '19:30', end: '21:30' },
      ],
    }),
    // ~25 km: Crieff; exact location chosen.
    bandRow({
      name: 'Crieff and District Pipe Band',
      town: 'Crieff',
      lat: 56.37454,
      lon: -3.84076,
      venue_lat: 56.37123,
      venue_lon: -3.84567,
      exact_location: true,
      grade: 'grade-4',
      recruiting: ['bass'],
      practice: [{ day: 'mon', start: '19:00', end: '21:00' }],
    }),
    // ~56 km: Edinburgh.
    bandRow({
      name: 'Edinburgh City Pipe Band',
      town: 'Edinburgh',
      lat: 55.95206,
      lon: -3.19648,
      grade: 'grade-1',
      recruiting: ['learners'],
      learner_programme: true,
      practice: [{ day: 'tue', start: '19:00', end: '21:00' }],
    }),
    // ~20 km: Dundee-ish, but pending moderation.
    bandRow({ name: 'Pending Pipe Band', lat: 56.46, lon: -3.1, status: 'pending' }),
    bandRow({ name: 'Hidden Pipe Band', lat: 56.4, lon: -3.4, status: 'hidden' }),
    bandRow({ name: 'Rejected Pipe Band', lat: 56.4, lon: -3.4, status: 'rejected' }),
    // Public but unconfirmed for 400 days: not listed.
    bandRow({
      name: 'Stale Pipe Band',
      lat: 56.41,
      lon: -3.42,
      confirmed_at: new Date(Date.now() - 400 * 86_400_000).toISOString(),
    }),
    // Across the antimeridian: Fiji (178.4 E) and Samoa (171.8 W) ~ 1,150 km apart.
    bandRow({ name: 'Suva Pipe Band', town: 'Suva', country: 'FJ', lat: -18.14, lon: 178.44 }),
    bandRow({ name: 'Apia Pipe Band', town: 'Apia', country: 'WS', lat: -13.83, lon: -171.77 }),
    // Near the North Pole (Svalbard) and on the far side of it.
    bandRow({ name: 'Longyearbyen Pipe Band', country: 'SJ', lat: 89.5, lon: 15.6 }),
    bandRow({ name: 'Polar Far Side Pipe Band', country: 'SJ', lat: 89.6, lon: -164 }),
  ];
  const inserted = await insertBands(t.database, rows);
  rows.forEach((row, i) => (ids[row.name] = inserted[i]!));
});
afterAll(async () => {
  await t.close();
});

async function search(query: Record<string, string | number | string[]>) {
  const response = await t.app.inject({ method: 'GET', url: routes.search.build({}, query) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toMatch(/secret-|contact_?email/i);
  return (response.json() as { data: { bands: BandSummary[]; total: number } }).data;
}
const names = (bands: readonly BandSummary[]) => bands.map((b) => b.name);

describe('issue 16.2: nearest bands first, within the radius', () => {
  it('lists Perth, Crieff, Edinburgh in distance order within 100 km, with distances', async () => {
    const { bands, total } = await search({ ...PERTH, radiusKm: 100 });
    expect(names(bands)).toEqual([
      'Perth and District Pipe Band',
      'Crieff and District Pipe Band',
      'Edinburgh City Pipe Band',
    ]);
    expect(total).toBe(3);
    const [perth, crieff, edinburgh] = bands.map((b) => b.distanceKm!);
    expect(perth).toBeLessThan(1);
    expect(crieff).toBeGreaterThan(20);
    expect(crieff).toBeLessThan(30);
    expect(edinburgh).toBeGreaterThan(50);
    expect(edinburgh).toBeLessThan(60);
  });

  it('the radius cuts: 50 km leaves Edinburgh out; 10 km keeps Perth only', async () => {
    expect(names((await search({ ...PERTH, radiusKm: 50 })).bands)).toEqual([
      'Perth and District Pipe Band',
      'Crieff and District Pipe Band',
    ]);
    expect(names((await search({ ...PERTH, radiusKm: 10 })).bands)).toEqual([
      'Perth and District Pipe Band',
    ]);
  });

  it('the limit cuts the list but total counts every band in reach', async () => {
    const { bands, total } = await search({ ...PERTH, radiusKm: 100, limit: 1 });
    expect(names(bands)).toEqual(['Perth and District Pipe Band']);
    expect(total).toBe(3);
  });

  it('finds across the antimeridian (Suva → Apia) and over the pole', async () => {
    const fiji = await search({ lat: -18.14, lon: 178.44, radiusKm: 1500 });
    expect(names(fiji.bands)).toEqual(['Suva Pipe Band', 'Apia Pipe Band']);
    const samoa = await search({ lat: -13.83, lon: -171.77, radiusKm: 1500 });
    expect(names(samoa.bands)).toEqual(['Apia Pipe Band', 'Suva Pipe Band']);
    const pole = await search({ lat: 89.9, lon: 0, radiusKm: 100 });
    expect(names(pole.bands).sort()).toEqual([
      'Longyearbyen Pipe Band',
      'Polar Far Side Pipe Band',
    ]);
  });
});

describe('issue 16.2: filters', () => {
  it('grade', async () => {
    const { bands } = await search({ ...PERTH, radiusKm: 100, grade: ['grade-1', 'grade-4'] });
    expect(names(bands)).toEqual(['Crieff and District Pipe Band', 'Edinburgh City Pipe Band']);
  });

  it('recruiting (any of the chosen sections)', async () => {
    expect(names((await search({ ...PERTH, radiusKm: 100, recruiting: 'snare' })).bands)).toEqual([
      'Perth and District Pipe Band',
    ]);
    const either = await search({ ...PERTH, radiusKm: 100, recruiting: ['bass', 'learners'] });
    expect(names(either.bands)).toEqual([
      'Crieff and District Pipe Band',
      'Edinburgh City Pipe Band',
    ]);
  });

  it('learner programme', async () => {
    const { bands } = await search({ ...PERTH, radiusKm: 100, learners: 'true' });
    expect(names(bands)).toEqual(['Perth and District Pipe Band', 'Edinburgh City Pipe Band']);
  });

  it('practice night, and the list shows the nights in week order', async () => {
    const { bands } = await search({ ...PERTH, radiusKm: 100, night: 'tue' });
    expect(names(bands)).toEqual(['Perth and District Pipe Band', 'Edinburgh City Pipe Band']);
    expect(bands[0]!.practiceDays).toEqual(['tue', 'thu']);
    expect(bands[0]!.recruiting).toEqual(['pipers', 'snare']);
    expect(bands[0]!.learnerProgramme).toBe(true);
  });

  it('by name without a place, alphabetically; % and _ are letters, not wildcards', async () => {
    const { bands, total } = await search({ q: 'district' });
    expect(names(bands)).toEqual(['Crieff and District Pipe Band', 'Perth and District Pipe Band']);
    expect(total).toBe(2);
    expect(bands.every((b) => b.distanceKm === null)).toBe(true);
    expect((await search({ q: '%' })).bands).toEqual([]);
  });

  it('a bad filter value is a 400 naming the field', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/bands?grade=grade-9' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/grade/);
  });
});

describe('issue 16.2: only listed bands, at their shown place', () => {
  it('pending, hidden, rejected and unconfirmed bands are absent from search and markers', async () => {
    const near = names((await search({ ...PERTH, radiusKm: 100 })).bands);
    const all = names((await search({})).bands);
    const response = await t.app.inject({ method: 'GET', url: routes.markers.build({}, {}) });
    expect(response.statusCode).toBe(200);
    const markers = (response.json() as { data: { markers: [string, number, number, string][] } })
      .data.markers;
    for (const name of ['Pending', 'Hidden', 'Rejected', 'Stale']) {
      expect(near.join()).not.toContain(name);
      expect(all.join()).not.toContain(name);
      expect(markers.map((m) => m[0])).not.toContain(ids[`${name} Pipe Band`]);
    }
    expect(markers).toHaveLength(7);
    expect(all).toHaveLength(7);
  });

  it('venues are rounded to 0.01° unless the band shows them exactly (search and markers)', async () => {
    const { bands } = await search({ ...PERTH, radiusKm: 100 });
    const perth = bands.find((b) => b.name.startsWith('Perth'))!;
    expect([perth.lat, perth.lon, perth.exactLocation]).toEqual([56.4, -3.44, false]);
    const crieff = bands.find((b) => b.name.startsWith('Crieff'))!;
    expect([crieff.lat, crieff.lon, crieff.exactLocation]).toEqual([56.37123, -3.84567, true]);
    const response = await t.app.inject({ method: 'GET', url: routes.markers.build({}, {}) });
    const markers = (response.json() as { data: { markers: [string, number, number, string][] } })
      .data.markers;
    expect(markers.find((m) => m[0] === perth.id)).toEqual([
      perth.id,
      56.4,
      -3.44,
      'Perth and District Pipe Band',
    ]);
    expect(response.body).not.toContain('56.39871');
  });

  it('no answer carries a contact address, even one the band put in its name search', async () => {
    const [row] = await t.database.rows<{ contact_email: string }>(
      sql`select contact_email from bands where name = 'Perth and District Pipe Band'`,
    );
    expect(row!.contact_email).toMatch(/^secret-/);
    for (const url of [
      routes.search.build({}, {}),
      routes.search.build({}, { q: 'secret' }),
      routes.search.build({}, { ...PERTH, radiusKm: 20_000, limit: 200 }),
      routes.markers.build({}, {}),
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('@example.org');
    }
  });
});
