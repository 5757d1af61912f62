/**
 * Registering, editing, confirming and deleting a band (issue 16 items 1 and 3). The town is
 * looked up by its gazetteer id (never a name the browser sent); tunes must be public in the
 * library; a new listing waits for a moderator ('pending'). An edit keeps a public listing
 * public (its managers are trusted once approved; 'Report this listing' catches abuse) and sends
 * a rejected one back to the moderators; a hidden one stays hidden until a moderator restores it.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ManagedBand } from '../../../contracts/directory/bandRoutes.ts';
import type { bandInputSchema, bandUpdateSchema } from '../../../contracts/directory/bandRoutes.ts';
import { bandMessages } from '../../../contracts/directory/bandMessages.ts';
import {
  DIRECTORY_LIMITS,
  directoryMessages as m,
} from '../../../contracts/directory/directoryTerms.ts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  band_managers,
  band_tunes,
  bands,
  library_settings,
  library_tunes,
} from '../../db/schema/index.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import { refuseUnlessManager, refuseUnlessOwner, roleOf, type BandViewer } from './bandAccess.ts';
import { writeBandAudit } from './bandAudit.ts';
import { readBandRow, type Reader } from './bandRows.ts';
import { managedBand } from './managedBand.ts';
import type { PlaceLookup } from './placeLookup.ts';

type BandInput = z.output<typeof bandInputSchema>;
type BandUpdate = z.output<typeof bandUpdateSchema>;

export interface BandDeps {
  readonly database: Database;
  readonly places: PlaceLookup;
  readonly now?: () => Date;
}

/** A field's problem, named like the validator names it ('placeId: …') for the form. */
const fieldError = (field: string, message: string) =>
  badRequest(`${field}: ${message}`, 'validation');

async function placeColumns(places: PlaceLookup, placeId: number) {
  const place = await places(placeId);
  if (!place) throw fieldError('placeId', m.placeUnknown);
  return {
    place_id: place.id,
    town: place.name,
    country: place.country,
    region: place.region,
    lat: place.lat,
    lon: place.lon,
  };
}

/** The ids that are public library tunes (not merged away), or a 400 naming the field. */
async function checkTunes(db: Reader, tuneIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(tuneIds)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: library_tunes.id })
    .from(library_tunes)
    .where(
      and(
        inArray(library_tunes.id, unique),
        sql`${library_tunes.merged_into} is null`,
        sql`exists (select 1 from ${library_settings} s
                    where s.tune_id = ${library_tunes.id} and s.visibility = 'public')`,
      ),
    );
  if (found.length !== unique.length) throw fieldError('tuneIds', bandMessages.tuneNotPublic);
  return unique;
}

async function setTunes(db: Reader, bandId: string, tuneIds: readonly string[]) {
  await db.delete(band_tunes).where(eq(band_tunes.band_id, bandId));
  if (tuneIds.length === 0) return;
  await db
    .insert(band_tunes)
    .values(tuneIds.map((tuneId, position) => ({ band_id: bandId, tune_id: tuneId, position })));
}

/** The columns an input sets (only those present, for an edit). */
function columnsOf(input: BandUpdate): Partial<typeof bands.$inferInsert> {
  const out: Partial<typeof bands.$inferInsert> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.grade !== undefined) out.grade = input.grade;
  if (input.association !== undefined) out.association = input.association;
  if (input.branch !== undefined) out.branch = input.branch;
  if (input.venue !== undefined) out.venue = input.venue;
  if (input.venueLat !== undefined) out.venue_lat = input.venueLat;
  if (input.venueLon !== undefined) out.venue_lon = input.venueLon;
  if (input.exactLocation !== undefined) out.exact_location = input.exactLocation;
  if (input.practice !== undefined) out.practice = input.practice;
  if (input.recruiting !== undefined) out.recruiting = [...new Set(input.recruiting)];
  if (input.learnerProgramme !== undefined) out.learner_programme = input.learnerProgramme;
  if (input.loanerInstruments !== undefined) out.loaner_instruments = input.loanerInstruments;
  if (input.uniforms !== undefined) out.uniforms = input.uniforms;
  if (input.website !== undefined) out.website = input.website;
  if (input.socials !== undefined) out.socials = input.socials;
  if (input.description !== undefined) out.description = input.description;
  if (input.contactEmail !== undefined) out.contact_email = input.contactEmail.toLowerCase();
  return out;
}

/** A venue point needs both coordinates, or neither. */
function checkVenuePoint(input: BandUpdate): void {
  const lat = input.venueLat ?? null;
  const lon = input.venueLon ?? null;
  if (
    (input.venueLat !== undefined || input.venueLon !== undefined) &&
    (lat === null) !== (lon === null)
  ) {
    throw fieldError(
      'venueLat',
      'Give both the latitude and the longitude of the venue, or neither.',
    );
  }
}

export async function createBand(
  deps: BandDeps,
  userId: string,
  input: BandInput,
): Promise<ManagedBand> {
  const now = deps.now?.() ?? new Date();
  checkVenuePoint(input);
  const place = await placeColumns(deps.places, input.placeId);
  return deps.database.db.transaction(async (tx) => {
    const [managed] = await tx
      .select({ n: count() })
      .from(band_managers)
      .where(eq(band_managers.user_id, userId));
    if (Number(managed?.n ?? 0) >= DIRECTORY_LIMITS.bandsPerUser) {
      throw new ApiError(409, 'too_many_bands', m.tooManyBands);
    }
    const tuneIds = await checkTunes(tx, input.tuneIds);
    const [row] = await tx
      .insert(bands)
      .values({
        ...columnsOf(input),
        ...place,
        name: input.name,
        grade: input.grade,
        venue: input.venue,
        contact_email: input.contactEmail.toLowerCase(),
        status: 'pending',
        confirmed_at: now.toISOString(),
        created_by: userId,
      })
      .returning({ id: bands.id });
    const bandId = row!.id;
    await tx.insert(band_managers).values({ band_id: bandId, user_id: userId, role: 'owner' });
    await setTunes(tx, bandId, tuneIds);
    await writeBandAudit(tx, { actorId: userId, action: 'create', bandId });
    return managedBand(tx, bandId, now);
  });
}

export async function updateBand(
  deps: BandDeps,
  viewer: BandViewer,
  bandId: string,
  input: BandUpdate,
): Promise<ManagedBand> {
  const now = deps.now?.() ?? new Date();
  const db = deps.database.db;
  const row = await readBandRow(db, bandId);
  if (!row) throw notFound(m.notFound);
  refuseUnlessManager(row, await roleOf(db, bandId, viewer.userId), viewer, now);
  checkVenuePoint(input);
  const place = input.placeId !== undefined ? await placeColumns(deps.places, input.placeId) : {};
  return db.transaction(async (tx) => {
    const tuneIds = input.tuneIds !== undefined ? await checkTunes(tx, input.tuneIds) : null;
    await tx
      .update(bands)
      .set({
        ...columnsOf(input),
        ...place,
        // A rejected listing, once mended, goes back to the moderators.
        ...(row.status === 'rejected' ? { status: 'pending', status_reason: null } : {}),
        // A public listing's change is live at once and goes to the moderators' Edited tab.
        ...(row.status === 'public' ? { edited_at: now.toISOString() } : {}),
        updated_at: now.toISOString(),
      })
      .where(eq(bands.id, bandId));
    if (tuneIds) await setTunes(tx, bandId, tuneIds);
    return managedBand(tx, bandId, now);
  });
}

/** 'Still right': the listing counts as confirmed from now, and a new reminder may go later. */
export async function confirmBand(
  deps: BandDeps,
  viewer: BandViewer,
  bandId: string,
): Promise<ManagedBand> {
  const now = deps.now?.() ?? new Date();
  const db = deps.database.db;
  const row = await readBandRow(db, bandId);
  if (!row) throw notFound(m.notFound);
  refuseUnlessManager(row, await roleOf(db, bandId, viewer.userId), viewer, now);
  await db
    .update(bands)
    .set({ confirmed_at: now.toISOString(), reminder_sent_at: null })
    .where(eq(bands.id, bandId));
  return managedBand(db, bandId, now);
}

/** The owner deletes the band; its logo, managers, invitations and tune list go with it. */
export async function deleteBand(
  deps: BandDeps,
  viewer: BandViewer,
  bandId: string,
): Promise<{ deleted: true }> {
  const now = deps.now?.() ?? new Date();
  const db = deps.database.db;
  const row = await readBandRow(db, bandId);
  if (!row) throw notFound(m.notFound);
  const role = await roleOf(db, bandId, viewer.userId);
  refuseUnlessManager(row, role, viewer, now);
  refuseUnlessOwner(role);
  await db.transaction(async (tx) => {
    await writeBandAudit(tx, {
      actorId: viewer.userId,
      action: 'delete',
      bandId,
      detail: row.name,
    });
    await tx.delete(bands).where(eq(bands.id, bandId));
  });
  return { deleted: true };
}
