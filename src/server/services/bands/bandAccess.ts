/**
 * Who may see and change a band (issue 16 items 1, 3, 4): public listed bands are for everyone;
 * pending, rejected, hidden and unconfirmed ones only for their managers and administrators
 * (anyone else gets the same 404 as for an id that never existed, so nothing leaks); only
 * managers edit; only the owner deletes the band or removes other managers.
 */
import { and, eq } from 'drizzle-orm';
import { bandMessages } from '../../../contracts/directory/bandMessages.ts';
import { directoryMessages } from '../../../contracts/directory/directoryTerms.ts';
import type { SessionUser } from '../../auth/actor.ts';
import { band_managers } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../errors.ts';
import type { Actor } from '../tableRegistry.ts';
import { isListed } from './bandListing.ts';
import type { Reader } from './bandRows.ts';

export interface BandViewer {
  /** The signed-in user (null: anonymous, or an ADMIN_TOKEN script). */
  readonly userId: string | null;
  /** A signed-in administrator or the ADMIN_TOKEN bearer. */
  readonly admin: boolean;
}

export const NOBODY: BandViewer = { userId: null, admin: false };

export function bandViewerOf(actor: Actor, user: SessionUser | null): BandViewer {
  if (actor.kind === 'anonymous') return NOBODY;
  return { userId: user?.id ?? null, admin: actor.kind === 'admin' };
}

export type ManagerRole = 'owner' | 'manager';

export async function roleOf(
  db: Reader,
  bandId: string,
  userId: string | null,
): Promise<ManagerRole | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ role: band_managers.role })
    .from(band_managers)
    .where(and(eq(band_managers.band_id, bandId), eq(band_managers.user_id, userId)))
    .limit(1);
  return (row?.role as ManagerRole | undefined) ?? null;
}

/** May `viewer` see this band at all? (Managers and administrators see every state.) */
export function maySee(
  row: { status: string; confirmed_at: string },
  role: ManagerRole | null,
  viewer: BandViewer,
  now: Date,
): boolean {
  return isListed(row, now) || role !== null || viewer.admin;
}

/**
 * Refuses a change by someone who is not a manager: 403 when they can see the band anyway
 * (a public one), else the 404 everyone gets for a band they may not see.
 */
export function refuseUnlessManager(
  row: { status: string; confirmed_at: string },
  role: ManagerRole | null,
  viewer: BandViewer,
  now: Date,
): asserts role is ManagerRole {
  if (role) return;
  if (maySee(row, role, viewer, now)) {
    throw forbidden(directoryMessages.notManager, 'not_manager');
  }
  throw notFound(directoryMessages.notFound);
}

export function refuseUnlessOwner(role: ManagerRole): void {
  if (role !== 'owner') throw forbidden(bandMessages.notOwner, 'not_owner');
}
