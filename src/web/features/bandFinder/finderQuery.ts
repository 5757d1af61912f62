/**
 * The finder's search as it lives in the address bar (issue 16 item 2: a search can be shared),
 * e.g. `/bands?place=2640358&radius=50&grade=grade-4&recruiting=pipers&learners=1&night=tue`,
 * or `?lat=56.4&lon=-3.43` for 'Near me'. Parsing forgives anything unknown: a shared link with
 * a stale value still opens the finder.
 */
import type { QueryInputOf } from '../../../contracts/api/apiRoute.ts';
import type { bandRoutes } from '../../../contracts/directory/bandRoutes.ts';
import {
  BAND_GRADES,
  DIRECTORY_LIMITS,
  RECRUITING,
  WEEKDAYS,
  type BandGrade,
  type Recruiting,
  type Weekday,
} from '../../../contracts/directory/directoryTerms.ts';

export interface FinderQuery {
  /** A gazetteer place id, or null. */
  readonly placeId: number | null;
  /** 'Near me': the visitor's point (rounded), or null. */
  readonly near: { readonly lat: number; readonly lon: number } | null;
  readonly radiusKm: number;
  readonly grade: BandGrade | null;
  readonly recruiting: Recruiting | null;
  readonly learners: boolean;
  readonly night: Weekday | null;
}

export const EMPTY_QUERY: FinderQuery = {
  placeId: null,
  near: null,
  radiusKm: DIRECTORY_LIMITS.defaultRadiusKm,
  grade: null,
  recruiting: null,
  learners: false,
  night: null,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** 'Near me' goes into a shareable URL rounded to about 1 km, like a band's venue. */
export const roundPoint = (value: number) => Math.round(value * 100) / 100;

export function parseFinderQuery(search: URLSearchParams): FinderQuery {
  const place = Number(search.get('place'));
  const lat = Number(search.get('lat'));
  const lon = Number(search.get('lon'));
  const hasNear =
    search.has('lat') &&
    search.has('lon') &&
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180;
  const radius = Number(search.get('radius'));
  return {
    placeId: Number.isInteger(place) && place > 0 ? place : null,
    near: hasNear ? { lat, lon } : null,
    radiusKm: (DIRECTORY_LIMITS.radiiKm as readonly number[]).includes(radius)
      ? radius
      : DIRECTORY_LIMITS.defaultRadiusKm,
    grade: oneOf(BAND_GRADES, search.get('grade')),
    recruiting: oneOf(RECRUITING, search.get('recruiting')),
    learners: search.get('learners') === '1',
    night: oneOf(WEEKDAYS, search.get('night')),
  };
}

/** The URL's query for a search; defaults are left out so links stay short. */
export function finderSearchParams(query: FinderQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (query.placeId !== null) out.set('place', String(query.placeId));
  else if (query.near) {
    out.set('lat', String(roundPoint(query.near.lat)));
    out.set('lon', String(roundPoint(query.near.lon)));
  }
  if (query.radiusKm !== DIRECTORY_LIMITS.defaultRadiusKm)
    out.set('radius', String(query.radiusKm));
  if (query.grade) out.set('grade', query.grade);
  if (query.recruiting) out.set('recruiting', query.recruiting);
  if (query.learners) out.set('learners', '1');
  if (query.night) out.set('night', query.night);
  return out;
}

/** Whether anything narrows the search (else the finder shows every band on the map). */
export function isSearching(query: FinderQuery): boolean {
  return (
    query.placeId !== null ||
    query.near !== null ||
    query.grade !== null ||
    query.recruiting !== null ||
    query.learners ||
    query.night !== null
  );
}

/** The API query for a search from a resolved point (the place's or the visitor's). */
export function apiQuery(
  query: FinderQuery,
  point: { readonly lat: number; readonly lon: number } | null,
): QueryInputOf<typeof bandRoutes.search> {
  return {
    ...(point ? { lat: point.lat, lon: point.lon, radiusKm: query.radiusKm } : {}),
    ...(query.grade ? { grade: query.grade } : {}),
    ...(query.recruiting ? { recruiting: query.recruiting } : {}),
    ...(query.learners ? { learners: 'true' as const } : {}),
    ...(query.night ? { night: query.night } : {}),
    limit: DIRECTORY_LIMITS.searchMax,
  };
}

/** '800 m', '4.2 km', '37 km'. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(100, Math.round(km * 10) * 100)} m`;
  if (km < 10) return `${km.toFixed(1)} km`;
  return `${Math.round(km).toLocaleString('en-GB')} km`;
}
