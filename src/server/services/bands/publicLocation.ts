/**
 * Where a band may be shown (issue 16 item 2: 'practice venues show rounded to about 1 km
 * unless the band chooses to show the exact place — bands with children in them have reason
 * not to'). Every read that answers a browser — the band page, the finder's list and markers —
 * goes through this one function, so no query can forget the rounding. The venue's own point is
 * used when the band gave one, else the town's.
 */
import { DIRECTORY_LIMITS } from '../../../contracts/directory/directoryTerms.ts';

export interface LocatedRow {
  readonly lat: number;
  readonly lon: number;
  readonly venue_lat: number | null;
  readonly venue_lon: number | null;
  readonly exact_location: boolean;
}

/** Decimal places of DIRECTORY_LIMITS.roundDegrees (0.01 → 2). */
const PLACES = Math.max(0, Math.round(-Math.log10(DIRECTORY_LIMITS.roundDegrees)));

/** A coordinate rounded to roundDegrees, as a clean decimal (no 55.870000000000005). */
export function roundDegrees(value: number): number {
  const step = DIRECTORY_LIMITS.roundDegrees;
  return Number((Math.round(value / step) * step).toFixed(PLACES));
}

export function publicLocation(row: LocatedRow): { lat: number; lon: number } {
  const hasVenue = row.venue_lat !== null && row.venue_lon !== null;
  const lat = hasVenue ? row.venue_lat! : row.lat;
  const lon = hasVenue ? row.venue_lon! : row.lon;
  if (row.exact_location) return { lat, lon };
  return { lat: roundDegrees(lat), lon: roundDegrees(lon) };
}
