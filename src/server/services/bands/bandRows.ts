/**
 * A band row as every browser-facing read selects it — every column but `contact_email`
 * (issue 16 item 1: the address is stored but never sent to any browser; only the mail relay
 * reads it) — and the band page's answer built from it.
 */
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Band } from '../../../contracts/directory/bandRoutes.ts';
import { BAND_LOGO_PATTERN } from '../../../contracts/directory/bandRoutes.ts';
import type {
  BandGrade,
  Recruiting,
  Weekday,
} from '../../../contracts/directory/directoryTerms.ts';
import { WEEKDAYS } from '../../../contracts/directory/directoryTerms.ts';
import type { ListingStatus } from '../../../contracts/directory/directoryTerms.ts';
import type { Practice } from '../../../contracts/directory/directorySchemas.ts';
import type { Database } from '../../db/client.ts';
import {
  band_logos,
  band_tunes,
  bands,
  library_settings,
  library_tunes,
} from '../../db/schema/index.ts';
import { isListed } from './bandListing.ts';
import { publicLocation } from './publicLocation.ts';

/** Where a read or write may run: the database or a transaction on it. */
export type Reader = Pick<Database['db'], 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const { contact_email: _never, ...publicColumns } = getTableColumns(bands);
/** Every column a browser-facing answer may be built from (never contact_email). */
export const bandColumns = publicColumns;
export type BandRow = Omit<typeof bands.$inferSelect, 'contact_email'>;

export async function readBandRow(db: Reader, bandId: string): Promise<BandRow | null> {
  const [row] = await db.select(bandColumns).from(bands).where(eq(bands.id, bandId)).limit(1);
  return row ?? null;
}

/** Timestamps as ISO 8601 (PostgreSQL's text form differs between drivers). */
export function isoOf(value: string | Date): string {
  return new Date(value).toISOString();
}

/** The logo's address: the content hash in the query, so a new logo is a new URL. */
export function logoUrlOf(bandId: string, etag: string | null): string | null {
  if (!etag) return null;
  return `${BAND_LOGO_PATTERN.replace(':bandId', bandId)}?v=${etag}`;
}

export function practiceDaysOf(practice: readonly Practice[]): Weekday[] {
  const days = new Set(practice.map((p) => p.day));
  return WEEKDAYS.filter((day) => days.has(day));
}

/** The band's tunes still public in the library, in the band's order. */
async function tunesOf(db: Reader, bandId: string): Promise<Band['tunes']> {
  return db
    .select({ id: library_tunes.id, slug: library_tunes.slug, title: library_tunes.title })
    .from(band_tunes)
    .innerJoin(library_tunes, eq(library_tunes.id, band_tunes.tune_id))
    .where(
      and(
        eq(band_tunes.band_id, bandId),
        sql`exists (select 1 from ${library_settings} s
                    where s.tune_id = ${library_tunes.id} and s.visibility = 'public')`,
      ),
    )
    .orderBy(asc(band_tunes.position));
}

async function logoEtagOf(db: Reader, bandId: string): Promise<string | null> {
  const [row] = await db
    .select({ etag: band_logos.etag })
    .from(band_logos)
    .where(eq(band_logos.band_id, bandId))
    .limit(1);
  return row?.etag ?? null;
}

/**
 * The band page's answer. `manage` (managers and administrators) adds the listing's state and
 * the venue as written even when the band does not show it exactly.
 */
export async function bandAnswer(
  db: Reader,
  row: BandRow,
  options: { manage: boolean; now: Date },
): Promise<Band> {
  // One after the other: inside a transaction pg's client takes one query at a time.
  const tunes = await tunesOf(db, row.id);
  const etag = await logoEtagOf(db, row.id);
  const practice = row.practice as Practice[];
  const { lat, lon } = publicLocation(row);
  return {
    id: row.id,
    name: row.name,
    grade: row.grade as BandGrade,
    town: row.town,
    country: row.country,
    lat,
    lon,
    exactLocation: row.exact_location,
    recruiting: row.recruiting as Recruiting[],
    learnerProgramme: row.learner_programme,
    practiceDays: practiceDaysOf(practice),
    distanceKm: null,
    logoUrl: logoUrlOf(row.id, etag),
    association: row.association,
    branch: row.branch,
    place: {
      id: row.place_id,
      name: row.town,
      country: row.country,
      region: row.region,
      lat: row.lat,
      lon: row.lon,
    },
    venue: row.exact_location || options.manage ? row.venue : null,
    practice,
    loanerInstruments: row.loaner_instruments,
    uniforms: row.uniforms,
    website: row.website,
    socials: row.socials,
    description: row.description,
    tunes,
    manage: options.manage
      ? {
          status: row.status as ListingStatus,
          statusReason: row.status_reason,
          confirmedAt: isoOf(row.confirmed_at),
          listed: isListed(row, options.now),
        }
      : null,
    updatedAt: isoOf(row.updated_at),
  };
}
