/**
 * Natural Earth's shapes are on the sphere: a country across the antimeridian (Russia's
 * Chukotka, Fiji) has rings that jump from 179.9° to −179.9°, which a flat map draws as a band
 * across the whole world. Each such ring is made continuous by carrying its longitudes past
 * ±180 (Leaflet draws them just beyond the edge). A ring that goes round a pole (Antarctica)
 * cannot be unwrapped and is left as it is: it follows the map's edge anyway.
 */
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

export function unwrapRing(ring: readonly Position[]): Position[] {
  let offset = 0;
  let previous: number | undefined;
  const out: Position[] = [];
  for (const [lon, lat, ...rest] of ring) {
    if (previous !== undefined) {
      const step = lon! + offset - previous;
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
    }
    previous = lon! + offset;
    out.push([previous, lat!, ...rest]);
  }
  // A ring that ends a whole turn away from its start goes round a pole.
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && Math.abs(first[0]! - last[0]!) > 180) return [...ring] as Position[];
  return out;
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') {
    return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  }
  if (geometry.type === 'MultiPolygon') {
    return {
      ...geometry,
      coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)),
    };
  }
  return geometry;
}

export function unwrapFeatures(collection: FeatureCollection): FeatureCollection {
  return {
    ...collection,
    features: collection.features.map((f): Feature =>
      f.geometry ? { ...f, geometry: unwrapGeometry(f.geometry) } : f,
    ),
  };
}
