import { describe, expect, it } from 'vitest';
import { boundingBox, greatCircleKm } from './nearby.ts';

const glasgow = { lat: 55.8642, lon: -4.2518 };
const edinburgh = { lat: 55.9533, lon: -3.1883 };

const inBox = (box: ReturnType<typeof boundingBox>, p: { lat: number; lon: number }) =>
  p.lat >= box.minLat &&
  p.lat <= box.maxLat &&
  box.lonRanges.some(([w, e]) => p.lon >= w && p.lon <= e);

describe('issue 16.5 tutor search: nearest first without PostGIS', () => {
  it('issue 16.5: Glasgow to Edinburgh is about 67 km; a point is 0 km from itself', () => {
    expect(greatCircleKm(glasgow, edinburgh)).toBeGreaterThan(66);
    expect(greatCircleKm(glasgow, edinburgh)).toBeLessThan(68);
    expect(greatCircleKm(glasgow, glasgow)).toBe(0);
  });

  it('issue 16.5: the box holds every point on the circle of the radius', () => {
    for (const centre of [glasgow, { lat: -45, lon: 170 }, { lat: 70, lon: 20 }]) {
      const box = boundingBox(centre, 100);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        // 99 km along the bearing (small-distance approximation is enough inside 100 km).
        const b = (bearing * Math.PI) / 180;
        const dLat = (99 * Math.cos(b)) / 111.195;
        const p = {
          lat: centre.lat + dLat,
          lon:
            centre.lon +
            (99 * Math.sin(b)) / (111.195 * Math.cos(((centre.lat + dLat) * Math.PI) / 180)),
        };
        expect(inBox(box, p), `${centre.lat},${centre.lon} bearing ${bearing}`).toBe(true);
      }
    }
  });

  it('issue 16.5: a box over the antimeridian splits in two; one over a pole spans all longitudes', () => {
    const fiji = boundingBox({ lat: -17.7, lon: 179.5 }, 200);
    expect(fiji.lonRanges).toHaveLength(2);
    expect(inBox(fiji, { lat: -17.7, lon: -179.5 })).toBe(true);
    expect(inBox(fiji, { lat: -17.7, lon: 170 })).toBe(false);
    expect(boundingBox({ lat: 89.5, lon: 0 }, 100).lonRanges).toEqual([[-180, 180]]);
  });
});
