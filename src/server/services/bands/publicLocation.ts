/**
 * Where a band is shown (issue 16 item 2: 'Practice venues show rounded to about 1 km unless the
 * band chooses to show the exact place — bands with children in them have reason not to'). The
 * venue's own point when the band gave one, else its town's; rounded on the server to
 * DIRECTORY_LIMITS.roundDegrees so the exact point never reaches a browser.
 */
import { DIRECTORY_LIMITS } from '../../../contracts/directory/directoryTerms.ts';

export interface LocatedRow {
  readonly lat: number;
  readonly lon: number;
  readonly venue_lat?: number | null;
  readonly venue_lon?: number | null;
  readonly exact_location: boolean;
}

/** Decimal places of the rounding step (0.01 → 2), so results print without float noise. */
const PLACES = Math.max(0, Math.round(-Math.log10(DIRECTORY_LIMITS.roundDegrees)));

/** Rounds to the step, half away from zero, with no binary-fraction tail (0.07 not 0.0700…01). */
export function roundDegrees(value: number, step = DIRECTORY_LIMITS.roundDegrees): number {
  const steps = Math.sign(value) * Math.round(Math.abs(value) / step);
  return Number((steps * step).toFixed(PLACES)) + 0;
}

export function publicLocation(row: LocatedRow): { lat: number; lon: number } {
  const hasVenue = row.venue_lat != null && row.venue_lon != null;
  const lat = hasVenue ? row.venue_lat! : row.lat;
  const lon = hasVenue ? row.venue_lon! : row.lon;
  if (row.exact_location) return { lat, lon };
  return { lat: roundDegrees(lat), lon: roundDegrees(lon) };
}
