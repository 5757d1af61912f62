/**
 * Administrators' decisions on band and tutor listings (issue 16 item 7): approve (public,
 * confirmed now), reject with a reason mailed to the registrant (the band's owner or the
 * tutor's account), hide with a reason, restore a hidden listing; and mark a report dealt
 * with. Each change and its directory_audit row are one transaction; mail leaves after the
 * commit, and a mail that fails does not undo the decision.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ModerationItem } from '../../../contracts/directory/moderationRoutes.ts';
import type { ListingKind, ListingStatus } from '../../../contracts/directory/directoryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import type { Db } from '../../db/client.ts';
import {
  authUser,
  band_managers,
  bands,
  directory_audit,
  listing_reports,
  tutors,
} from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { ApiError, notFound } from '../errors.ts';
import { listingItem } from './moderationReads.ts';

export type Decision =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'hide'; reason: string }
  | { action: 'restore' };

export interface ModerationDeps {
  readonly db: Db;
  readonly mailer: Pick<Mailer, 'send'>;
  readonly siteUrl: string;
  readonly log?: { warn(object: object, message: string): void };
}

/** Null for an administrator by ADMIN_TOKEN. */
export type ModeratorId = string | null;

export const moderationMessages = {
  listingNotFound: 'We could not find that listing.',
  reportNotFound: 'We could not find that report.',
  notHidden: 'Only a hidden listing can be restored.',
  rejectedSubject: (kind: ListingKind) =>
    kind === 'band'
      ? 'Your band listing on Chanterlab was not approved'
      : 'Your tutor listing on Chanterlab was not approved',
} as const;

const NEXT_STATUS: Record<Decision['action'], ListingStatus> = {
  approve: 'public',
  reject: 'rejected',
  hide: 'hidden',
  restore: 'public',
};

/** Where a registrant edits the listing: bands on /band-profile, tutors on their profile. */
function editPath(kind: ListingKind): string {
  return kind === 'band' ? paths.bandProfile : paths.profile;
}

/** The registrant's address, read only to mail them. */
async function registrantEmail(db: Db, kind: ListingKind, id: string): Promise<string | null> {
  if (kind === 'tutor') {
    const [row] = await db
      .select({ email: authUser.email })
      .from(tutors)
      .innerJoin(authUser, eq(authUser.id, tutors.user_id))
      .where(eq(tutors.id, id));
    return row?.email ?? null;
  }
  const [owner] = await db
    .select({ email: authUser.email })
    .from(band_managers)
    .innerJoin(authUser, eq(authUser.id, band_managers.user_id))
    .where(and(eq(band_managers.band_id, id), eq(band_managers.role, 'owner')));
  if (owner) return owner.email;
  const [creator] = await db
    .select({ email: authUser.email })
    .from(bands)
    .innerJoin(authUser, eq(authUser.id, bands.created_by))
    .where(eq(bands.id, id));
  return creator?.email ?? null;
}

export async function decideListing(
  deps: ModerationDeps,
  moderator: ModeratorId,
  kind: ListingKind,
  id: string,
  decision: Decision,
): Promise<ModerationItem> {
  const { db } = deps;
  const before = await listingItem(db, kind, id);
  if (!before) throw notFound(moderationMessages.listingNotFound);
  if (decision.action === 'restore' && before.status !== 'hidden') {
    throw new ApiError(409, 'not_hidden', moderationMessages.notHidden);
  }
  const reason =
    decision.action === 'reject' || decision.action === 'hide' ? decision.reason || null : null;
  const table = kind === 'band' ? bands : tutors;
  await db.transaction(async (tx) => {
    await tx
      .update(table)
      .set({
        status: NEXT_STATUS[decision.action],
        status_reason: reason,
        // Any decision is a moderator's look at the listing as it stands.
        edited_at: null,
        updated_at: sql`now()`,
        // Approval is a fresh check of the listing: the 12-month clock starts again.
        ...(decision.action === 'approve'
          ? { confirmed_at: sql`now()`, reminder_sent_at: null }
          : {}),
      })
      .where(eq(table.id, id));
    await tx.insert(directory_audit).values({
      actor_id: moderator,
      action: decision.action,
      kind,
      listing_id: id,
      detail: reason ?? `${before.status} → ${NEXT_STATUS[decision.action]}`,
    });
  });
  if (decision.action === 'reject') await mailRejection(deps, kind, id, before.name, reason ?? '');
  const after = await listingItem(db, kind, id);
  return after!;
}

async function mailRejection(
  deps: ModerationDeps,
  kind: ListingKind,
  id: string,
  name: string,
  reason: string,
): Promise<void> {
  const to = await registrantEmail(deps.db, kind, id);
  if (!to) return;
  const link = `${deps.siteUrl.replace(/\/+$/, '')}${editPath(kind)}`;
  try {
    await deps.mailer.send({
      to,
      subject: moderationMessages.rejectedSubject(kind),
      text: [
        `A moderator looked at your listing “${name}” and could not approve it:`,
        '',
        reason,
        '',
        `You can change it and it will be checked again: ${link}`,
      ].join('\n'),
    });
  } catch (error) {
    deps.log?.warn({ err: error, kind, id }, 'listing rejection mail not sent');
  }
}

export async function resolveListingReport(
  db: Db,
  moderator: ModeratorId,
  reportId: string,
): Promise<{ resolved: true }> {
  await db.transaction(async (tx) => {
    const [report] = await tx
      .update(listing_reports)
      .set({ resolved_at: sql`now()`, resolved_by: moderator })
      .where(and(eq(listing_reports.id, reportId), isNull(listing_reports.resolved_at)))
      .returning({ kind: listing_reports.kind, listingId: listing_reports.listing_id });
    if (!report) {
      const [exists] = await tx
        .select({ id: listing_reports.id })
        .from(listing_reports)
        .where(eq(listing_reports.id, reportId));
      if (!exists) throw notFound(moderationMessages.reportNotFound);
      return; // Already dealt with: answered the same, logged once.
    }
    await tx.insert(directory_audit).values({
      actor_id: moderator,
      action: 'resolve-report',
      kind: report.kind,
      listing_id: report.listingId,
      detail: null,
    });
  });
  return { resolved: true };
}
