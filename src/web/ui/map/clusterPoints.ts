/**
 * Marker clustering for the directory map (issue 16 item 2: 'markers cluster when many'; 5,000
 * must stay smooth). Supercluster indexes the points once; each view asks only for what is in
 * it at that zoom, so the map never holds more than a few dozen marker elements.
 */
import Supercluster, { type AnyProps } from 'supercluster';
import type { MapPoint, ViewBounds } from './mapPoint.ts';

export type MapMarker =
  | {
      readonly kind: 'point';
      readonly key: string;
      readonly lat: number;
      readonly lon: number;
      readonly point: MapPoint;
    }
  | {
      readonly kind: 'cluster';
      readonly key: string;
      readonly lat: number;
      readonly lon: number;
      readonly count: number;
      /** The zoom at which the cluster falls apart: where selecting it zooms to. */
      readonly expansionZoom: number;
    };

/** Cluster radius in screen pixels and the zoom above which every point stands alone. */
export const CLUSTER_RADIUS_PX = 50;
export const CLUSTER_MAX_ZOOM = 14;

export interface ClusterIndex {
  markersIn(bounds: ViewBounds, zoom: number): MapMarker[];
}

/** Supercluster wants a west–east span within ±180; a view wider than the world asks for all. */
export function clampBounds([west, south, east, north]: ViewBounds): ViewBounds {
  if (east - west >= 360) return [-180, south, 180, north];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  // A west edge east of the east edge after wrapping is a view across the antimeridian:
  // supercluster answers that as two ranges.
  return [wrap(west), Math.max(-90, south), east === 180 ? 180 : wrap(east), Math.min(90, north)];
}

export function clusterPoints(points: readonly MapPoint[]): ClusterIndex {
  const index = new Supercluster<{ index: number }, AnyProps>({
    radius: CLUSTER_RADIUS_PX,
    maxZoom: CLUSTER_MAX_ZOOM,
  });
  index.load(
    points.map((point, i) => ({
      type: 'Feature' as const,
      properties: { index: i },
      geometry: { type: 'Point' as const, coordinates: [point.lon, point.lat] },
    })),
  );
  return {
    markersIn(bounds, zoom) {
      const z = Math.max(0, Math.round(zoom));
      return index.getClusters([...clampBounds(bounds)], z).map((feature): MapMarker => {
        const [lon, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          const id = props.cluster_id as number;
          return {
            kind: 'cluster',
            key: `c${id}`,
            lat,
            lon,
            count: props.point_count as number,
            expansionZoom: index.getClusterExpansionZoom(id),
          };
        }
        const point = points[(props as { index: number }).index]!;
        return { kind: 'point', key: point.id, lat, lon, point };
      });
    },
  };
}
