/**
 * Place search over HTTP (issue 16 item 2): the offline gazetteer answers by name and by id,
 * bad input is a 400 naming the field, and the answer may be cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeRoutes } from '../../contracts/directory/placeRoutes.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/places (issue 16.2: an offline gazetteer, never a live geocoder)', () => {
  it('issue 16.2: finds Perth in Scotland first for a visitor in GB, with its GeoNames id and coordinates', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: placeRoutes.search.build({}, { q: 'perth', country: 'GB', limit: 3 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=86400');
    const { places } = res.json().data as {
      places: { id: number; name: string; country: string; region: string }[];
    };
    expect(places).toHaveLength(3);
    expect(places[0]).toMatchObject({ name: 'Perth', country: 'GB', region: 'SCT' });

    const one = await t.app.inject({
      method: 'GET',
      url: placeRoutes.byId.build({ placeId: places[0]!.id }),
    });
    expect(one.json().data).toMatchObject({ name: 'Perth', country: 'GB' });
  });

  it('issue 16.2: an empty query or a bad id is refused with a clear 400; an unknown id is a 404', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/places?q=' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/q/);
    const bad = await t.app.inject({ method: 'GET', url: '/api/places/not-a-number' });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/places/1' });
    expect(unknown.statusCode).toBe(404);
  });
});
