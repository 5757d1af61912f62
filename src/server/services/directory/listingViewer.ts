/**
 * Who is looking at a band or tutor listing, and whether they may see it (issue 16 'Done when':
 * a hidden band's page and calendar are gone for everyone but its managers and administrators).
 * A listing is *listed* when it is public and confirmed within DIRECTORY_LIMITS.confirmAfterDays
 * (directoryTerms.ts: unconfirmed listings drop out by date, not by status).
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { isListed as isListedRow, listedCondition } from './listedRule.ts';
import type { SessionUser } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { band_managers, type bands, type tutors } from '../../db/schema/index.ts';
import type { Actor } from '../tableRegistry.ts';

export interface ListingViewer {
  readonly userId: string | null;
  readonly admin: boolean;
}

export const ANONYMOUS_VIEWER: ListingViewer = { userId: null, admin: false };

export function listingViewerOf(actor: Actor, user: SessionUser | null): ListingViewer {
  if (actor.kind === 'anonymous') return ANONYMOUS_VIEWER;
  return { userId: user?.id ?? null, admin: actor.kind === 'admin' };
}

/** Public and confirmed recently enough (the one rule: ./listedRule.ts). */
export function isListed(listing: { status: string; confirmedAt: string }, now: number): boolean {
  return isListedRow({ status: listing.status, confirmed_at: listing.confirmedAt }, new Date(now));
}

/** The same rule in SQL, for a table with `status` and `confirmed_at`. */
export function listedWhere(table: typeof bands | typeof tutors): SQL {
  return listedCondition(table, new Date());
}

export async function managesBand(db: Db, bandId: string, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db
    .select({ userId: band_managers.user_id })
    .from(band_managers)
    .where(and(eq(band_managers.band_id, bandId), eq(band_managers.user_id, userId)))
    .limit(1);
  return Boolean(row);
}
