/**
 * A band as its managers see it on /band-profile (issue 16 item 3): the page's answer with the
 * listing's state, the managers, the open invitations — still never the contact address.
 */
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { ManagedBand } from '../../../contracts/directory/bandRoutes.ts';
import { authUser, band_invites, band_managers, bands } from '../../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { directoryMessages } from '../../../contracts/directory/directoryTerms.ts';
import {
  bandAnswer,
  bandColumns,
  isoOf,
  readBandRow,
  type BandRow,
  type Reader,
} from './bandRows.ts';

/** A manager's name as other managers see it: the account name, else the address's local part. */
function shownName(name: string, email: string): string {
  return name.trim() || email.split('@')[0] || 'A piper';
}

export async function managedBandOf(db: Reader, row: BandRow, now: Date): Promise<ManagedBand> {
  // One after the other: inside a transaction pg's client takes one query at a time.
  const band = await bandAnswer(db, row, { manage: true, now });
  const managers = await db
    .select({
      userId: band_managers.user_id,
      role: band_managers.role,
      name: authUser.name,
      email: authUser.email,
    })
    .from(band_managers)
    .innerJoin(authUser, eq(authUser.id, band_managers.user_id))
    .where(eq(band_managers.band_id, row.id))
    .orderBy(desc(eq(band_managers.role, 'owner')), asc(band_managers.added_at));
  const invites = await db
    .select({ id: band_invites.id, email: band_invites.email, expiresAt: band_invites.expires_at })
    .from(band_invites)
    .where(
      and(
        eq(band_invites.band_id, row.id),
        isNull(band_invites.accepted_at),
        gt(band_invites.expires_at, now.toISOString()),
      ),
    )
    .orderBy(asc(band_invites.created_at));
  return {
    band,
    managers: managers.map((m) => ({
      userId: m.userId,
      name: shownName(m.name, m.email),
      role: m.role === 'owner' ? 'owner' : 'manager',
    })),
    invites: invites.map((i) => ({ ...i, expiresAt: isoOf(i.expiresAt) })),
    hasContact: true,
  };
}

export async function managedBand(db: Reader, bandId: string, now: Date): Promise<ManagedBand> {
  const row = await readBandRow(db, bandId);
  if (!row) throw notFound(directoryMessages.notFound);
  return managedBandOf(db, row, now);
}

/** The bands `userId` manages, newest first. */
export async function myBands(
  db: Reader,
  userId: string,
  now: Date,
): Promise<{ bands: ManagedBand[] }> {
  const rows = await db
    .select(bandColumns)
    .from(bands)
    .innerJoin(band_managers, eq(band_managers.band_id, bands.id))
    .where(eq(band_managers.user_id, userId))
    .orderBy(desc(bands.created_at));
  const answers: ManagedBand[] = [];
  for (const row of rows) answers.push(await managedBandOf(db, row, now));
  return { bands: answers };
}
