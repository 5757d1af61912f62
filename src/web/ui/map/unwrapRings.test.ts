import { describe, expect, it } from 'vitest';
import { unwrapRing } from './unwrapRings.ts';

describe('issue 16.2: shapes across the antimeridian draw without a band across the world', () => {
  it('carries longitudes past 180 instead of jumping back to −180', () => {
    const fiji = [
      [179.5, -16.5],
      [-179.8, -16.6],
      [-179.9, -16.9],
      [179.4, -16.8],
      [179.5, -16.5],
    ];
    const out = unwrapRing(fiji);
    expect(out.map((p) => p[0])).toEqual([179.5, 180.2, 180.1, 179.4, 179.5]);
    const steps = out.slice(1).map((p, i) => Math.abs(p[0]! - out[i]![0]!));
    expect(Math.max(...steps)).toBeLessThan(180);
  });

  it('leaves a ring round the pole (Antarctica) as it is', () => {
    const antarctica = [
      [-180, -84],
      [-60, -70],
      [60, -70],
      [179.9, -84],
      [-180, -90],
      [-180, -84],
    ];
    expect(unwrapRing(antarctica)).toEqual(antarctica);
  });

  it('leaves an ordinary ring unchanged', () => {
    const scotland = [
      [-5, 55],
      [-2, 55],
      [-2, 58],
      [-5, 55],
    ];
    expect(unwrapRing(scotland)).toEqual(scotland);
  });
});
