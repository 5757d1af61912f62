/**
 * The tutor directory (issue 16 item 5): one listing per account, made and changed only by
 * its owner (the routes have no tutor id to aim at, only /me), public once a moderator has
 * approved it and while it is confirmed (DIRECTORY_LIMITS.confirmAfterDays). Pupils see the
 * town, never the account's email address: no query here selects it.
 */
import { isListed, listedCondition } from '../directory/listedRule.ts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tutor, TutorInput } from '../../../contracts/directory/tutorRoutes.ts';
import type { Place } from '../../../contracts/directory/directorySchemas.ts';
import {
  TUTOR_LEVELS,
  directoryMessages as m,
  type ListingStatus,
  type TutorLevel,
} from '../../../contracts/directory/directoryTerms.ts';
import type { Db } from '../../db/client.ts';
import { directory_audit, tutors } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../errors.ts';
import { boundingBox, greatCircleKm, type Point } from './nearby.ts';

type Row = typeof tutors.$inferSelect;

/** Finds a gazetteer town by its id (src/server/services/places/); null when unknown. */
export type PlaceLookup = (placeId: number) => Promise<Place | null> | Place | null;

export interface TutorSearch {
  readonly lat?: number | undefined;
  readonly lon?: number | undefined;
  readonly radiusKm: number;
  readonly format: 'any' | 'in-person' | 'online';
  readonly level?: TutorLevel | undefined;
  readonly language?: string | undefined;
  readonly limit: number;
}

const isLevel = (value: string): value is TutorLevel =>
  (TUTOR_LEVELS as readonly string[]).includes(value);

function toTutor(row: Row, now: Date, options: { manage: boolean; from?: Point }): Tutor {
  const fee =
    row.fee_min != null && row.fee_max != null && row.currency
      ? { min: row.fee_min, max: row.fee_max, currency: row.currency }
      : null;
  return {
    id: row.id,
    displayName: row.display_name,
    place: {
      id: row.place_id,
      name: row.town,
      country: row.country,
      region: row.region,
      lat: row.lat,
      lon: row.lon,
    },
    inPerson: row.in_person,
    online: row.online,
    levels: row.levels.filter(isLevel),
    qualifications: row.qualifications,
    languages: row.languages,
    fee,
    description: row.description,
    website: row.website,
    distanceKm: options.from ? Math.round(greatCircleKm(options.from, row) * 10) / 10 : null,
    manage: options.manage
      ? {
          status: row.status as ListingStatus,
          statusReason: row.status_reason,
          confirmedAt: new Date(row.confirmed_at).toISOString(),
          listed: isListed(row, now),
        }
      : null,
  };
}

/**
 * Listed tutors, nearest first. In person: within the radius of the point (a box the
 * (status, lat, lon) index serves, then the exact distance). Online tutors teach anywhere, so
 * they are included whatever the distance when the format allows it. Without a point, every
 * listed tutor, by name.
 */
export async function searchTutors(
  db: Db,
  query: TutorSearch,
  now = new Date(),
): Promise<{ tutors: Tutor[]; total: number }> {
  const from = query.lat != null && query.lon != null ? { lat: query.lat, lon: query.lon } : null;
  const where: SQL[] = [listedCondition(tutors, now)];
  if (query.level) where.push(sql`${query.level} = any(${tutors.levels})`);
  if (query.language) {
    where.push(
      sql`exists (select 1 from unnest(${tutors.languages}) as l(name) where lower(l.name) = lower(${query.language}))`,
    );
  }
  const nearHere = (): SQL => {
    if (!from) return sql`true`;
    const box = boundingBox(from, query.radiusKm);
    const lons = box.lonRanges.map(([w, e]) => sql`${tutors.lon} between ${w} and ${e}`);
    return sql`(${tutors.lat} between ${box.minLat} and ${box.maxLat} and (${sql.join(lons, sql` or `)}))`;
  };
  if (query.format === 'in-person') where.push(sql`${tutors.in_person}`, nearHere());
  else if (query.format === 'online') where.push(sql`${tutors.online}`);
  else where.push(sql`(${tutors.online} or (${tutors.in_person} and ${nearHere()}))`);

  const rows = await db
    .select()
    .from(tutors)
    .where(and(...where));
  const inRange = (row: Row) =>
    !from ||
    (row.online && query.format !== 'in-person') ||
    greatCircleKm(from, row) <= query.radiusKm;
  const found = rows.filter(inRange);
  const sorted = from
    ? found
        .map((row) => ({ row, km: greatCircleKm(from, row) }))
        .sort((a, b) => a.km - b.km || a.row.display_name.localeCompare(b.row.display_name))
        .map(({ row }) => row)
    : found.sort((a, b) => a.display_name.localeCompare(b.display_name));
  return {
    tutors: sorted
      .slice(0, query.limit)
      .map((row) => toTutor(row, now, { manage: false, ...(from ? { from } : {}) })),
    total: sorted.length,
  };
}

/** One listing: anyone sees a listed one; its tutor and administrators see it in any state. */
export async function getTutor(
  db: Db,
  tutorId: string,
  viewer: { userId: string | null; admin: boolean },
  now = new Date(),
): Promise<Tutor> {
  const [row] = await db.select().from(tutors).where(eq(tutors.id, tutorId));
  const manage = Boolean(row && (viewer.admin || (viewer.userId && row.user_id === viewer.userId)));
  if (!row || (!manage && !isListed(row, now))) throw notFound(m.tutorNotFound, 'tutor_not_found');
  return toTutor(row, now, { manage });
}

export async function myTutor(db: Db, userId: string, now = new Date()): Promise<Tutor | null> {
  const [row] = await db.select().from(tutors).where(eq(tutors.user_id, userId));
  return row ? toTutor(row, now, { manage: true }) : null;
}

/**
 * Creates or edits the caller's listing. The town comes from the gazetteer by id (a name sent
 * by the browser is never trusted). A new listing, or an edit of a rejected one, waits for a
 * moderator; a hidden one stays hidden until a moderator restores it. Saving confirms it too:
 * the tutor has just looked at every field.
 */
export async function saveTutor(
  db: Db,
  userId: string,
  input: TutorInput,
  lookupPlace: PlaceLookup,
  now = new Date(),
): Promise<Tutor> {
  const place = await lookupPlace(input.placeId);
  if (!place) throw badRequest(`placeId: ${m.placeUnknown}`, 'place_unknown');
  const hasFee = input.feeMin != null && input.feeMax != null && Boolean(input.currency);
  const values = {
    display_name: input.displayName,
    place_id: place.id,
    town: place.name,
    country: place.country,
    region: place.region,
    lat: place.lat,
    lon: place.lon,
    in_person: input.inPerson,
    online: input.online,
    levels: TUTOR_LEVELS.filter((level) => input.levels.includes(level)),
    qualifications: input.qualifications ?? '',
    languages: [...new Set((input.languages ?? ['English']).map((l) => l.trim()))],
    fee_min: hasFee ? (input.feeMin ?? null) : null,
    fee_max: hasFee ? (input.feeMax ?? null) : null,
    currency: hasFee ? (input.currency ?? null) : null,
    description: input.description ?? '',
    website: input.website ?? null,
    confirmed_at: now.toISOString(),
    reminder_sent_at: null,
    updated_at: now.toISOString(),
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: tutors.id, status: tutors.status })
      .from(tutors)
      .where(eq(tutors.user_id, userId))
      .for('update');
    const resubmitted = !existing || existing.status === 'rejected';
    const [row] = existing
      ? await tx
          .update(tutors)
          .set({
            ...values,
            ...(resubmitted ? { status: 'pending', status_reason: null } : {}),
            // A public listing's change is live at once and goes to the moderators' Edited tab.
            ...(existing.status === 'public' ? { edited_at: now.toISOString() } : {}),
          })
          .where(eq(tutors.id, existing.id))
          .returning()
      : await tx
          .insert(tutors)
          .values({ ...values, user_id: userId, status: 'pending' })
          .returning();
    if (resubmitted) {
      await tx.insert(directory_audit).values({
        actor_id: userId,
        action: existing ? 'resubmit' : 'submit',
        kind: 'tutor',
        listing_id: row!.id,
        detail: row!.display_name,
      });
    }
    return toTutor(row!, now, { manage: true });
  });
}

/** 'Still right': listed again if it had lapsed; the reminder clock starts over. */
export async function confirmTutor(db: Db, userId: string, now = new Date()): Promise<Tutor> {
  const [row] = await db
    .update(tutors)
    .set({ confirmed_at: now.toISOString(), reminder_sent_at: null })
    .where(eq(tutors.user_id, userId))
    .returning();
  if (!row) throw notFound(m.tutorNotFound, 'tutor_not_found');
  return toTutor(row, now, { manage: true });
}

export async function removeTutor(db: Db, userId: string): Promise<{ deleted: true }> {
  const [row] = await db
    .delete(tutors)
    .where(eq(tutors.user_id, userId))
    .returning({ id: tutors.id, name: tutors.display_name });
  if (!row) throw notFound(m.tutorNotFound, 'tutor_not_found');
  await db.insert(directory_audit).values({
    actor_id: userId,
    action: 'delete',
    kind: 'tutor',
    listing_id: row.id,
    detail: row.name,
  });
  return { deleted: true };
}
