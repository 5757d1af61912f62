/**
 * Pure geography for the band finder (issue 16 item 2): the great-circle distance that sorts
 * the list, and the bounding box a radius search reads from the (lat, lon) index first. No
 * PostGIS: with a few thousand bands a box then an exact sort is enough (bench/bands.bench.ts).
 */

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** Haversine distance in km: accurate for short and long distances alike on a sphere. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A latitude band and one or two longitude ranges (two when the box crosses the antimeridian). */
export interface BoundingBox {
  readonly minLat: number;
  readonly maxLat: number;
  readonly lonRanges: readonly (readonly [number, number])[];
}

/**
 * Every point within `radiusKm` of (lat, lon) lies in this box. After J. P. Matuschek,
 * 'Finding Points Within a Distance of a Latitude/Longitude Using Bounding Coordinates'
 * (http://janmatuschek.de/LatitudeLongitudeBoundingCoordinates): the longitude half-width is
 * asin(sin r / cos lat); a box that reaches a pole spans every longitude; one that crosses
 * ±180° is split in two ranges so the index can still serve both.
 */
export function boundingBox(lat: number, lon: number, radiusKm: number): BoundingBox {
  const r = radiusKm / EARTH_RADIUS_KM;
  const whole = [[-180, 180]] as const;
  if (r >= Math.PI) return { minLat: -90, maxLat: 90, lonRanges: whole };
  const minLat = lat - deg(r);
  const maxLat = lat + deg(r);
  if (minLat <= -90 || maxLat >= 90) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), lonRanges: whole };
  }
  const dLon = deg(Math.asin(Math.min(1, Math.sin(r) / Math.cos(rad(lat)))));
  const minLon = lon - dLon;
  const maxLon = lon + dLon;
  if (maxLon - minLon >= 360) return { minLat, maxLat, lonRanges: whole };
  if (minLon < -180) {
    return {
      minLat,
      maxLat,
      lonRanges: [
        [minLon + 360, 180],
        [-180, maxLon],
      ],
    };
  }
  if (maxLon > 180) {
    return {
      minLat,
      maxLat,
      lonRanges: [
        [minLon, 180],
        [-180, maxLon - 360],
      ],
    };
  }
  return { minLat, maxLat, lonRanges: [[minLon, maxLon]] };
}

/** Whether a point is inside a box (the SQL filter's twin, for tests and the bench). */
export function inBox(box: BoundingBox, lat: number, lon: number): boolean {
  return (
    lat >= box.minLat &&
    lat <= box.maxLat &&
    box.lonRanges.some(([min, max]) => lon >= min && lon <= max)
  );
}
