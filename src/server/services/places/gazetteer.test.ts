import { describe, expect, it } from 'vitest';
import { gazetteer, gazetteerOf } from './gazetteer.ts';
import { normalisePlaceName } from './normalisePlaceName.ts';
import type { CityColumns } from './decodeCities.ts';

function columns(rows: [number, string, string, string, number, number, number][]): CityColumns {
  return {
    ids: Int32Array.from(rows.map((r) => r[0])),
    names: rows.map((r) => r[1]),
    altNames: rows.map(() => ''),
    countries: rows.map((r) => r[2]),
    regions: rows.map((r) => r[3]),
    lats: Float64Array.from(rows.map((r) => r[4])),
    lons: Float64Array.from(rows.map((r) => r[5])),
    populations: Uint32Array.from(rows.map((r) => r[6])),
  };
}

const small = gazetteerOf(
  columns([
    [30, 'Perth', 'AU', '08', -31.95, 115.86, 1_896_548],
    [10, 'Perth', 'GB', 'SCT', 56.39, -3.43, 47_180],
    [20, 'Perthshire Junction', 'GB', 'SCT', 56.5, -3.5, 1_200],
    [40, 'Saint Andrews', 'GB', 'SCT', 56.34, -2.8, 16_800],
    [50, 'Gävle', 'SE', '03', 60.67, 17.14, 74_884],
  ]),
);

describe('the offline gazetteer (issue 16 item 2)', () => {
  it('issue 16.2: finds towns by the start of their name, exact names first, then the preferred country, then the biggest', () => {
    expect(small.search('perth').map((p) => p.id)).toEqual([30, 10, 20]);
    expect(small.search('Perth', { country: 'gb' }).map((p) => p.id)).toEqual([10, 30, 20]);
    expect(small.search('perths').map((p) => p.id)).toEqual([20]);
    expect(small.search('perth', { limit: 1 })).toHaveLength(1);
  });

  it('issue 16.2: forgives accents, case, punctuation and St/Saint', () => {
    expect(small.search('GAVLE')[0]?.name).toBe('Gävle');
    expect(small.search('st. andrews')[0]?.name).toBe('Saint Andrews');
    expect(normalisePlaceName('  Ste-Anne  des Monts ')).toBe('st anne des monts');
    expect(small.search('   ')).toEqual([]);
    expect(small.search('zzz')).toEqual([]);
  });

  it('issue 16.2: looks a place up by its GeoNames id, and answers null for an unknown one', () => {
    expect(small.byId(40)).toEqual({
      id: 40,
      name: 'Saint Andrews',
      country: 'GB',
      region: 'SCT',
      lat: 56.34,
      lon: -2.8,
    });
    expect(small.byId(41)).toBeNull();
  });

  it('issue 16.2: the shipped GeoNames file decodes to real towns with their coordinates', () => {
    const places = gazetteer();
    const perth = places.search('Perth', { country: 'GB', limit: 1 })[0];
    expect(perth).toMatchObject({ name: 'Perth', country: 'GB', region: 'SCT' });
    expect(perth!.lat).toBeCloseTo(56.395, 2);
    expect(perth!.lon).toBeCloseTo(-3.431, 2);
    expect(places.byId(perth!.id)?.name).toBe('Perth');
    expect(places.search('Inverness')[0]).toMatchObject({ country: 'GB' });
  });
});
