/**
 * Nearest-first search without PostGIS (issue 16 item 5, the same approach as the band finder's,
 * see src/server/db/schema/directory.ts): a bounding box an index can use, then the exact
 * great-circle distance to filter the box's corners away and sort. Pure: plain numbers only.
 */

/** Mean Earth radius (IUGG), km. */
const EARTH_KM = 6371.0088;
const KM_PER_DEGREE_LAT = (Math.PI * EARTH_KM) / 180;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

export interface Point {
  readonly lat: number;
  readonly lon: number;
}

/** Great-circle distance in km (haversine: well conditioned at short range). */
export function greatCircleKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The box holding every point within `radiusKm` of `centre`: a latitude range and one or two
 * longitude ranges (two when it crosses the antimeridian; all longitudes near a pole, where
 * a degree of longitude shrinks to nothing).
 */
export interface Box {
  readonly minLat: number;
  readonly maxLat: number;
  readonly lonRanges: readonly (readonly [number, number])[];
}

export function boundingBox(centre: Point, radiusKm: number): Box {
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const minLat = Math.max(-90, centre.lat - dLat);
  const maxLat = Math.min(90, centre.lat + dLat);
  // The widest parallel inside the box is the one nearest a pole.
  const widestLat = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const cos = Math.cos(rad(widestLat));
  const dLon = cos <= 1e-9 ? 180 : radiusKm / (KM_PER_DEGREE_LAT * cos);
  if (dLon >= 180 || maxLat >= 90 || minLat <= -90) {
    return { minLat, maxLat, lonRanges: [[-180, 180]] };
  }
  const west = centre.lon - dLon;
  const east = centre.lon + dLon;
  if (west < -180)
    return {
      minLat,
      maxLat,
      lonRanges: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  if (east > 180)
    return {
      minLat,
      maxLat,
      lonRanges: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  return { minLat, maxLat, lonRanges: [[west, east]] };
}
