/**
 * 'Report this listing' (issue 16 item 7), from anyone. A report hides nothing by itself: it
 * waits in the moderators' 'reported' tab. The reporter is known by a hash of their address
 * (forms' client_key, as library reports), never the address; a repeated report of the same
 * listing by the same caller while one is open is answered alike but stored once. The route
 * limits reports per minute and per day.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import { directoryMessages } from '../../../contracts/directory/directoryTerms.ts';
import type {
  ListingKind,
  ListingReportReason,
} from '../../../contracts/directory/directoryTerms.ts';
import type { Db } from '../../db/client.ts';
import { bands, listing_reports, tutors } from '../../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { clientKey } from '../formService.ts';
import { listedWhere } from './listingViewer.ts';

export async function reportListing(
  db: Db,
  reporter: { userId: string | null; address: string; beforeStore: () => Promise<void> },
  kind: ListingKind,
  listingId: string,
  body: { reason: ListingReportReason; message: string },
): Promise<{ message: typeof directoryMessages.reportThanks }> {
  const table = kind === 'band' ? bands : tutors;
  const [listing] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, listingId), listedWhere(table)));
  if (!listing) {
    throw notFound(kind === 'band' ? directoryMessages.notFound : directoryMessages.tutorNotFound);
  }
  const key = clientKey(reporter.address);
  const [already] = await db
    .select({ id: listing_reports.id })
    .from(listing_reports)
    .where(
      and(
        eq(listing_reports.kind, kind),
        eq(listing_reports.listing_id, listingId),
        isNull(listing_reports.resolved_at),
        reporter.userId
          ? or(
              eq(listing_reports.reporter_id, reporter.userId),
              eq(listing_reports.reporter_hash, key),
            )
          : eq(listing_reports.reporter_hash, key),
      ),
    )
    .limit(1);
  if (!already) {
    await reporter.beforeStore();
    await db.insert(listing_reports).values({
      kind,
      listing_id: listingId,
      reason: body.reason,
      message: body.message,
      reporter_id: reporter.userId,
      reporter_hash: key,
    });
  }
  return { message: directoryMessages.reportThanks };
}
