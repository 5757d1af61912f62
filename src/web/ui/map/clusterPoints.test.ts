import { describe, expect, it } from 'vitest';
import { clampBounds, clusterPoints } from './clusterPoints.ts';
import type { MapPoint } from './mapPoint.ts';
import { TOWN_LABELS_MAX, townsInView, type Town } from './townsInView.ts';

const WORLD = [-180, -85, 180, 85] as const;

/** A deterministic cloud of points (an LCG), worldwide. */
function points(n: number): MapPoint[] {
  let state = 7;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, (_, i) => ({
    id: `b${i}`,
    lat: next() * 140 - 70,
    lon: next() * 360 - 180,
    label: `Band ${i}`,
    href: `/band/b${i}`,
  }));
}

describe('issue 16.2: markers cluster when many', () => {
  it('5,000 points make about a hundred markers at world zoom that still count every point', () => {
    const index = clusterPoints(points(5000));
    const markers = index.markersIn(WORLD, 1);
    // A 512 px world at zoom 1 holds about (512 / 50)² cells: far fewer markers than points.
    expect(markers.length).toBeLessThan(150);
    const counted = markers.reduce((n, m) => n + (m.kind === 'cluster' ? m.count : 1), 0);
    expect(counted).toBe(5000);
    const cluster = markers.find((m) => m.kind === 'cluster');
    expect(cluster && cluster.kind === 'cluster' && cluster.expansionZoom).toBeGreaterThan(1);
  });

  it('a few points far apart stay single markers with their labels', () => {
    const index = clusterPoints([
      { id: 'a', lat: 56.4, lon: -3.43, label: 'Perth', href: '/band/a' },
      { id: 'b', lat: -33.87, lon: 151.21, label: 'Sydney', href: '/band/b' },
    ]);
    const markers = index.markersIn(WORLD, 2);
    expect(markers.map((m) => (m.kind === 'point' ? m.point.label : 'cluster')).sort()).toEqual([
      'Perth',
      'Sydney',
    ]);
  });

  it('a view across the antimeridian finds points on both sides', () => {
    const index = clusterPoints([
      { id: 'fj', lat: -18.1, lon: 178.4, label: 'Suva', href: '/band/fj' },
      { id: 'ws', lat: -13.8, lon: -171.8, label: 'Apia', href: '/band/ws' },
    ]);
    // Leaflet gives a view east of 180 as longitudes beyond it.
    const markers = index.markersIn([170, -30, 195, 0], 6);
    expect(markers.map((m) => m.key).sort()).toEqual(['fj', 'ws']);
    expect(clampBounds([170, -30, 195, 0])).toEqual([170, -30, -165, 0]);
    expect(clampBounds([-400, -90, 400, 90])).toEqual([-180, -90, 180, 90]);
  });
});

describe('issue 16.2: town names for context', () => {
  // Largest first, as towns.json is.
  const towns: Town[] = [
    ['Sydney', -33.87, 151.21, 4627],
    ['Glasgow', 55.86, -4.25, 591],
    ['Edinburgh', 55.95, -3.2, 464],
    ['Dundee', 56.47, -2.97, 148],
  ];

  it('names only big towns when zoomed out, smaller ones close in, only those in view', () => {
    expect(townsInView(towns, WORLD, 2)).toEqual([]);
    expect(townsInView(towns, WORLD, 4).map((t) => t[0])).toEqual(['Sydney']);
    const scotland = [-5, 55, -2, 57] as const;
    expect(townsInView(towns, scotland, 8).map((t) => t[0])).toEqual([
      'Glasgow',
      'Edinburgh',
      'Dundee',
    ]);
    expect(townsInView(towns, scotland, 6).map((t) => t[0])).toEqual(['Glasgow', 'Edinburgh']);
  });

  it('never more than TOWN_LABELS_MAX names', () => {
    const many: Town[] = Array.from({ length: 200 }, (_, i) => [`T${i}`, 0, i / 10, 500]);
    expect(townsInView(many, [-1, -1, 30, 1], 9)).toHaveLength(TOWN_LABELS_MAX);
  });
});
