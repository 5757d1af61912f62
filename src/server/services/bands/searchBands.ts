/**
 * The band finder's search (issue 16 item 2): listed bands only (public, confirmed within
 * CONFIRM_AFTER_DAYS), nearest first from a point within a radius, or by name; filters for
 * grade, recruiting, learner programme and practice night. The radius is a bounding box on the
 * (lat, lon) index (geo.ts: poles and the antimeridian handled), then the exact great-circle
 * distance of the place each band is shown at (publicLocation.ts) sorts and cuts — so a
 * distance never reveals more than the rounded point does. `contact_email` is never selected
 * (issue 16 item 1): the columns are named one by one below.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BandSummary } from '../../../contracts/directory/bandRoutes.ts';
import { BAND_LOGO_PATTERN, type bandRoutes } from '../../../contracts/directory/bandRoutes.ts';
import {
  DIRECTORY_LIMITS,
  WEEKDAYS,
  type BandGrade,
  type Recruiting,
  type Weekday,
} from '../../../contracts/directory/directoryTerms.ts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { band_logos, bands } from '../../db/schema/index.ts';
import { boundingBox, distanceKm } from './geo.ts';
import { publicLocation } from './publicLocation.ts';

export type BandSearchQuery = z.output<(typeof bandRoutes)['search']['query']>;

/** The columns a browser may see, and nothing else (never contact_email). */
const PUBLIC_COLUMNS = sql`b.id, b.name, b.grade, b.town, b.country, b.lat, b.lon,
  b.venue_lat, b.venue_lon, b.exact_location, b.recruiting, b.learner_programme, b.practice`;

interface Row {
  id: string;
  name: string;
  grade: BandGrade;
  town: string;
  country: string;
  lat: number;
  lon: number;
  venue_lat: number | null;
  venue_lon: number | null;
  exact_location: boolean;
  recruiting: Recruiting[] | string;
  learner_programme: boolean;
  practice: { day: Weekday }[] | string;
  logo_etag: string | null;
}

/** Listed now: public and confirmed within the last CONFIRM_AFTER_DAYS (directoryTerms.ts). */
export const listedBand = (alias = 'b'): SQL =>
  sql`${sql.raw(alias)}.status = 'public' and ${sql.raw(alias)}.confirmed_at >
      now() - make_interval(days => ${DIRECTORY_LIMITS.confirmAfterDays})`;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The shown point is at most half a step from the stored one: widen the box by that much. */
const BOX_SLACK_KM = DIRECTORY_LIMITS.roundDegrees * 111.32;

/** Postgres text[] arrives as an array from pg and PGlite; be lenient with '{a,b}' text. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

function practiceDays(practice: Row['practice']): Weekday[] {
  const entries =
    typeof practice === 'string' ? (JSON.parse(practice) as Row['practice']) : practice;
  const days = new Set((entries as { day: Weekday }[]).map((p) => p.day));
  return WEEKDAYS.filter((day) => days.has(day));
}

export function logoUrlOf(bandId: string, etag: string | null): string | null {
  return etag ? `${BAND_LOGO_PATTERN.replace(':bandId', bandId)}?v=${etag}` : null;
}

function summaryOf(row: Row, distance: number | null): BandSummary {
  const { lat, lon } = publicLocation(row);
  return {
    id: row.id,
    name: row.name,
    grade: row.grade,
    town: row.town,
    country: row.country,
    lat,
    lon,
    exactLocation: row.exact_location,
    recruiting: textArray(row.recruiting) as Recruiting[],
    learnerProgramme: row.learner_programme,
    practiceDays: practiceDays(row.practice),
    distanceKm: distance === null ? null : Math.round(distance * 10) / 10,
    logoUrl: logoUrlOf(row.id, row.logo_etag),
  };
}

/** The filters every search applies, besides the place. */
function filters(query: BandSearchQuery): SQL[] {
  const where: SQL[] = [listedBand()];
  if (query.grade.length > 0) where.push(sql`b.grade in (${list(query.grade)})`);
  if (query.recruiting.length > 0) {
    // Any of the chosen sections: a piper looking for pipers or snare wants both kinds.
    where.push(sql`b.recruiting && array[${list(query.recruiting)}]::text[]`);
  }
  if (query.learners) where.push(sql`b.learner_programme`);
  if (query.night.length > 0) {
    where.push(sql`exists (select 1 from jsonb_array_elements(b.practice) p
                           where p->>'day' in (${list(query.night)}))`);
  }
  const q = query.q?.trim().toLowerCase();
  if (q) where.push(sql`lower(b.name) like ${`%${likeEscaped(q)}%`}`);
  return where;
}

function boxFilter(lat: number, lon: number, radiusKm: number): SQL {
  const box = boundingBox(lat, lon, radiusKm + BOX_SLACK_KM);
  const lonRanges = box.lonRanges.map(([min, max]) => sql`(b.lon between ${min} and ${max})`);
  // On the town's point (indexed); a venue is within a town's reach, and the exact distance
  // below is measured from the shown point. Venues far from their town are the registrant's
  // mistake and are still found from their town.
  return sql`b.lat between ${box.minLat} and ${box.maxLat}
             and (${sql.join(lonRanges, sql` or `)})`;
}

export async function searchBands(
  database: Database,
  query: BandSearchQuery,
): Promise<{ bands: BandSummary[]; total: number }> {
  const where = filters(query);
  const near = query.lat !== undefined && query.lon !== undefined;
  if (near) where.push(boxFilter(query.lat!, query.lon!, query.radiusKm));
  if (!near) {
    // By name (or filters only): the database sorts and cuts; the window counts them all.
    const rows = await database.rows<Row & { total: number | string }>(sql`
      select ${PUBLIC_COLUMNS}, l.etag as logo_etag, count(*) over () as total
        from ${bands} b left join ${band_logos} l on l.band_id = b.id
       where ${sql.join(where, sql` and `)}
       order by lower(b.name), b.id
       limit ${query.limit}`);
    return {
      bands: rows.map((row) => summaryOf(row, null)),
      total: Number(rows[0]?.total ?? 0),
    };
  }
  // Near a point: every band in the box, then the exact distance sorts and cuts.
  const rows = await database.rows<Row>(sql`
    select ${PUBLIC_COLUMNS}, l.etag as logo_etag
      from ${bands} b left join ${band_logos} l on l.band_id = b.id
     where ${sql.join(where, sql` and `)}`);
  const found = rows
    .map((row) => {
      const shown = publicLocation(row);
      return { row, distance: distanceKm(query.lat!, query.lon!, shown.lat, shown.lon) };
    })
    .filter((hit) => hit.distance <= query.radiusKm)
    .sort((a, b) => a.distance - b.distance || a.row.name.localeCompare(b.row.name));
  return {
    bands: found.slice(0, query.limit).map((hit) => summaryOf(hit.row, hit.distance)),
    total: found.length,
  };
}

/** Every listed band for the map: [id, lat, lon, name] at the shown (rounded) point. */
export async function bandMarkers(
  database: Database,
): Promise<{ markers: [string, number, number, string][] }> {
  const rows = await database.rows<
    Pick<Row, 'id' | 'name' | 'lat' | 'lon' | 'venue_lat' | 'venue_lon' | 'exact_location'>
  >(sql`
    select b.id, b.name, b.lat, b.lon, b.venue_lat, b.venue_lon, b.exact_location
      from ${bands} b where ${listedBand()}`);
  return {
    markers: rows.map((row) => {
      const { lat, lon } = publicLocation(row);
      return [row.id, lat, lon, row.name];
    }),
  };
}
