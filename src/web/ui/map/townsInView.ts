/**
 * Town names for context on the map (issue 16 item 2): the gazetteer's biggest places
 * (towns.json, scripts/map-towns.ts), fewer and bigger when zoomed out so labels stay legible.
 */
import type { ViewBounds } from './mapPoint.ts';

export type Town = readonly [name: string, lat: number, lon: number, thousands: number];

/** At most this many names on screen at once. */
export const TOWN_LABELS_MAX = 40;

/** The smallest town (thousands of people) named at a zoom level. */
export function townThreshold(zoom: number): number {
  if (zoom < 3) return Infinity;
  if (zoom < 4) return 5_000;
  if (zoom < 5) return 2_000;
  if (zoom < 6) return 700;
  if (zoom < 7) return 300;
  return 100;
}

/** The largest towns in view at this zoom; `towns` is sorted largest first. */
export function townsInView(towns: readonly Town[], bounds: ViewBounds, zoom: number): Town[] {
  const [west, south, east, north] = bounds;
  const min = townThreshold(zoom);
  const found: Town[] = [];
  for (const town of towns) {
    if (town[3] < min) break;
    const [, lat, lon] = town;
    if (lat < south || lat > north) continue;
    const inLon =
      east - west >= 360 ||
      (lon >= west && lon <= east) ||
      (lon + 360 >= west && lon + 360 <= east) ||
      (lon - 360 >= west && lon - 360 <= east);
    if (!inLon) continue;
    found.push(town);
    if (found.length >= TOWN_LABELS_MAX) break;
  }
  return found;
}
