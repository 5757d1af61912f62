import { describe, expect, it } from 'vitest';
import { boundingBox, distanceKm, inBox } from './geo.ts';
import { publicLocation, roundDegrees } from './publicLocation.ts';

describe('issue 16.2: great-circle distance', () => {
  it('Perth to Edinburgh is about 56 km, and distance is symmetric', () => {
    const d = distanceKm(56.3952, -3.4314, 55.9533, -3.1883);
    expect(d).toBeGreaterThan(50);
    expect(d).toBeLessThan(60);
    expect(distanceKm(55.9533, -3.1883, 56.3952, -3.4314)).toBeCloseTo(d, 9);
  });

  it('across the antimeridian two points 1° apart on the equator are about 111 km apart', () => {
    expect(distanceKm(0, 179.5, 0, -179.5)).toBeCloseTo(111.2, 0);
  });

  it('antipodes are half the circumference apart', () => {
    expect(distanceKm(10, 20, -10, -160)).toBeCloseTo(Math.PI * 6371.0088, 3);
  });
});

describe('issue 16.2: the bounding box of a radius', () => {
  it('contains every point at the radius in any bearing (Perth, 50 km)', () => {
    const box = boundingBox(56.4, -3.43, 50);
    expect(box.lonRanges).toHaveLength(1);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const [lat, lon] = destination(56.4, -3.43, bearing, 49.9);
      expect(inBox(box, lat, lon), `bearing ${bearing}`).toBe(true);
    }
    expect(inBox(box, 57.0, -3.43)).toBe(false);
  });

  it('splits into two longitude ranges across the antimeridian (Fiji)', () => {
    const box = boundingBox(-17.8, 179.9, 100);
    expect(box.lonRanges).toHaveLength(2);
    expect(inBox(box, -17.8, -179.5)).toBe(true);
    expect(inBox(box, -17.8, 179.2)).toBe(true);
    expect(inBox(box, -17.8, 0)).toBe(false);
    const west = boundingBox(65, -179.8, 100);
    expect(west.lonRanges).toHaveLength(2);
    expect(inBox(west, 65, 179.5)).toBe(true);
  });

  it('spans every longitude when it reaches a pole', () => {
    const box = boundingBox(89.5, 10, 100);
    expect(box.maxLat).toBe(90);
    expect(box.lonRanges).toEqual([[-180, 180]]);
    expect(inBox(box, 89.8, -170)).toBe(true);
    const south = boundingBox(-89.9, 0, 50);
    expect(south.minLat).toBe(-90);
  });

  it('is the whole world for a radius of half the circumference or more', () => {
    expect(boundingBox(0, 0, 20_100)).toEqual({
      minLat: -90,
      maxLat: 90,
      lonRanges: [[-180, 180]],
    });
  });
});

describe('issue 16.2: venues rounded to about 1 km unless shown exactly', () => {
  it('rounds to 0.01° without float tails, half away from zero', () => {
    expect(roundDegrees(56.39517)).toBe(56.4);
    expect(roundDegrees(-3.43144)).toBe(-3.43);
    expect(roundDegrees(0.07)).toBe(0.07);
    expect(roundDegrees(-0.001)).toBe(0);
    expect(Object.is(roundDegrees(-0.001), -0)).toBe(false);
  });

  it('uses the venue when given, else the town; exact only when the band chose it', () => {
    const town = { lat: 56.39517, lon: -3.43144, exact_location: false };
    expect(publicLocation(town)).toEqual({ lat: 56.4, lon: -3.43 });
    const venue = { ...town, venue_lat: 56.41234, venue_lon: -3.45678 };
    expect(publicLocation(venue)).toEqual({ lat: 56.41, lon: -3.46 });
    expect(publicLocation({ ...venue, exact_location: true })).toEqual({
      lat: 56.41234,
      lon: -3.45678,
    });
  });
});

/** The point `km` from (lat, lon) on `bearing` degrees (spherical; for the test only). */
function destination(lat: number, lon: number, bearing: number, km: number): [number, number] {
  const r = km / 6371.0088;
  const φ = (lat * Math.PI) / 180;
  const λ = (lon * Math.PI) / 180;
  const θ = (bearing * Math.PI) / 180;
  const φ2 = Math.asin(Math.sin(φ) * Math.cos(r) + Math.cos(φ) * Math.sin(r) * Math.cos(θ));
  const λ2 =
    λ +
    Math.atan2(Math.sin(θ) * Math.sin(r) * Math.cos(φ), Math.cos(r) - Math.sin(φ) * Math.sin(φ2));
  return [(φ2 * 180) / Math.PI, (((λ2 * 180) / Math.PI + 540) % 360) - 180];
}
