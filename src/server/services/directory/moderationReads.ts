/**
 * What the moderation page reads (issue 16 item 7): band and tutor listings by status or with
 * open reports, the open reports themselves, and the audit log. Columns are named one by one:
 * no answer here carries a band's contact address or anyone's email (item 1).
 */
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type {
  directoryAuditSchema,
  listingReportSchema,
  ModerationItem,
} from '../../../contracts/directory/moderationRoutes.ts';
import type {
  ListingKind,
  ListingReportReason,
  ListingStatus,
} from '../../../contracts/directory/directoryTerms.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  authUser,
  bands,
  directory_audit,
  listing_reports,
  tutors,
} from '../../db/schema/index.ts';

export type QueueStatus = 'pending' | 'reported' | 'edited' | 'hidden' | 'rejected' | 'public';
type ListingReport = z.infer<typeof listingReportSchema>;
type AuditEntry = z.infer<typeof directoryAuditSchema>;

/** At most this many listings per tab, and audit entries per page. */
export const QUEUE_MAX = 200;
export const AUDIT_PAGE = 100;

/**
 * Correlated subqueries name their tables in full: drizzle leaves columns unqualified in a
 * one-table select, and `"id"` inside the subquery would be the report's own id.
 */
const outerId = (kind: ListingKind) => sql.raw(kind === 'band' ? '"bands"."id"' : '"tutors"."id"');

const openReportCount = (kind: ListingKind) =>
  sql<number>`(select count(*)::int from listing_reports r where r.kind = ${kind} and r.listing_id = ${outerId(kind)} and r.resolved_at is null)`;

const reportedFilter = (kind: ListingKind) =>
  sql`exists (select 1 from listing_reports r where r.kind = ${kind} and r.listing_id = ${outerId(kind)} and r.resolved_at is null)`;

/** The band's registrant: its owner now (ownership can be handed on). */
const bandRegistrantName = sql<
  string | null
>`(select nullif(u.name, '') from band_managers m join "user" u on u.id = m.user_id where m.band_id = "bands"."id" and m.role = 'owner' limit 1)`;

async function bandItems(db: Db, where: SQL | undefined): Promise<ModerationItem[]> {
  const rows = await db
    .select({
      id: bands.id,
      name: bands.name,
      town: bands.town,
      country: bands.country,
      status: bands.status,
      statusReason: bands.status_reason,
      registrant: bandRegistrantName,
      createdAt: bands.created_at,
      updatedAt: bands.updated_at,
      editedAt: bands.edited_at,
      openReports: openReportCount('band'),
    })
    .from(bands)
    .where(where)
    .orderBy(bands.created_at)
    .limit(QUEUE_MAX);
  return rows.map((r) => ({
    ...r,
    kind: 'band' as const,
    status: r.status as ListingStatus,
    openReports: Number(r.openReports),
  }));
}

async function tutorItems(db: Db, where: SQL | undefined): Promise<ModerationItem[]> {
  const rows = await db
    .select({
      id: tutors.id,
      name: tutors.display_name,
      town: tutors.town,
      country: tutors.country,
      status: tutors.status,
      statusReason: tutors.status_reason,
      registrant: sql<string | null>`nullif(${authUser.name}, '')`,
      createdAt: tutors.created_at,
      updatedAt: tutors.updated_at,
      editedAt: tutors.edited_at,
      openReports: openReportCount('tutor'),
    })
    .from(tutors)
    .leftJoin(authUser, eq(authUser.id, tutors.user_id))
    .where(where)
    .orderBy(tutors.created_at)
    .limit(QUEUE_MAX);
  return rows.map((r) => ({
    ...r,
    kind: 'tutor' as const,
    status: r.status as ListingStatus,
    openReports: Number(r.openReports),
  }));
}

export async function listingItem(
  db: Db,
  kind: ListingKind,
  id: string,
): Promise<ModerationItem | null> {
  const [item] =
    kind === 'band'
      ? await bandItems(db, eq(bands.id, id))
      : await tutorItems(db, eq(tutors.id, id));
  return item ?? null;
}

/** Open reports on the given listings, oldest first. */
async function openReports(db: Db, items: readonly ModerationItem[]): Promise<ListingReport[]> {
  if (items.length === 0) return [];
  const names = new Map(items.map((i) => [`${i.kind}:${i.id}`, i.name]));
  const rows = await db
    .select({
      id: listing_reports.id,
      kind: listing_reports.kind,
      listingId: listing_reports.listing_id,
      reason: listing_reports.reason,
      message: listing_reports.message,
      createdAt: listing_reports.created_at,
    })
    .from(listing_reports)
    .where(
      and(
        isNull(listing_reports.resolved_at),
        inArray(
          listing_reports.listing_id,
          items.map((i) => i.id),
        ),
      ),
    )
    .orderBy(listing_reports.created_at);
  return rows
    .filter((r) => names.has(`${r.kind}:${r.listingId}`))
    .map((r) => ({
      ...r,
      kind: r.kind as ListingKind,
      reason: r.reason as ListingReportReason,
      listingName: names.get(`${r.kind}:${r.listingId}`)!,
    }));
}

export async function moderationQueue(
  db: Db,
  status: QueueStatus,
): Promise<{ items: ModerationItem[]; reports: ListingReport[] }> {
  const [bandRows, tutorRows] =
    status === 'reported'
      ? [await bandItems(db, reportedFilter('band')), await tutorItems(db, reportedFilter('tutor'))]
      : status === 'edited'
        ? [
            await bandItems(db, and(eq(bands.status, 'public'), isNotNull(bands.edited_at))),
            await tutorItems(db, and(eq(tutors.status, 'public'), isNotNull(tutors.edited_at))),
          ]
        : [
            await bandItems(db, eq(bands.status, status)),
            await tutorItems(db, eq(tutors.status, status)),
          ];
  const items = [...bandRows, ...tutorRows].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
  return { items, reports: await openReports(db, items) };
}

export async function moderationAudit(
  db: Db,
  before: string | undefined,
): Promise<{ entries: AuditEntry[] }> {
  const beforeTime = before && !Number.isNaN(Date.parse(before)) ? before : undefined;
  const rows = await db
    .select({
      id: directory_audit.id,
      action: directory_audit.action,
      kind: directory_audit.kind,
      listingId: directory_audit.listing_id,
      listingName: sql<
        string | null
      >`coalesce((select b.name from bands b where b.id = "directory_audit"."listing_id" and "directory_audit"."kind" = 'band'), (select t.display_name from tutors t where t.id = "directory_audit"."listing_id" and "directory_audit"."kind" = 'tutor'))`,
      actorName: sql<string | null>`nullif(${authUser.name}, '')`,
      actorId: directory_audit.actor_id,
      detail: directory_audit.detail,
      createdAt: directory_audit.created_at,
    })
    .from(directory_audit)
    .leftJoin(authUser, eq(authUser.id, directory_audit.actor_id))
    .where(beforeTime ? lt(directory_audit.created_at, beforeTime) : undefined)
    .orderBy(desc(directory_audit.created_at))
    .limit(AUDIT_PAGE);
  return {
    entries: rows.map(({ actorName, actorId, ...r }) => ({
      ...r,
      kind: r.kind as ListingKind,
      // Null: an administrator by ADMIN_TOKEN (no account), or an account since deleted.
      actor: actorId === null ? null : (actorName ?? 'an account without a name'),
    })),
  };
}
