import { describe, expect, it } from 'vitest';
import {
  EMPTY_QUERY,
  apiQuery,
  finderSearchParams,
  formatDistance,
  isSearching,
  parseFinderQuery,
} from './finderQuery.ts';

const parse = (text: string) => parseFinderQuery(new URLSearchParams(text));

describe('issue 16.2: the finder’s search lives in the URL so it can be shared', () => {
  it('reads place, radius and filters, and writes them back the same', () => {
    const text = 'place=2640358&radius=100&grade=grade-4&recruiting=pipers&learners=1&night=tue';
    const query = parse(text);
    expect(query).toEqual({
      placeId: 2640358,
      near: null,
      radiusKm: 100,
      grade: 'grade-4',
      recruiting: 'pipers',
      learners: true,
      night: 'tue',
    });
    expect(finderSearchParams(query).toString()).toBe(text);
    expect(isSearching(query)).toBe(true);
  });

  it('forgives stale or foreign values: defaults instead of errors', () => {
    expect(parse('place=abc&radius=7&grade=grade-9&night=funday&lat=200&lon=0')).toEqual(
      EMPTY_QUERY,
    );
    expect(isSearching(EMPTY_QUERY)).toBe(false);
    expect(finderSearchParams(EMPTY_QUERY).toString()).toBe('');
  });

  it('Near me is written rounded to about 1 km', () => {
    const query = { ...EMPTY_QUERY, near: { lat: 56.395221, lon: -3.431391 } };
    expect(finderSearchParams(query).toString()).toBe('lat=56.4&lon=-3.43');
    expect(parse('lat=56.4&lon=-3.43').near).toEqual({ lat: 56.4, lon: -3.43 });
  });

  it('asks the API for a radius only with a point, and for the learner filter only when set', () => {
    const query = parse('place=1&radius=25&night=thu');
    expect(apiQuery(query, { lat: 1, lon: 2 })).toEqual({
      lat: 1,
      lon: 2,
      radiusKm: 25,
      night: 'thu',
      limit: 200,
    });
    expect(apiQuery(parse('grade=juvenile'), null)).toEqual({ grade: 'juvenile', limit: 200 });
  });

  it('distances read naturally', () => {
    expect(formatDistance(0.04)).toBe('100 m');
    expect(formatDistance(0.83)).toBe('800 m');
    expect(formatDistance(4.24)).toBe('4.2 km');
    expect(formatDistance(1234.4)).toBe('1,234 km');
  });
});
