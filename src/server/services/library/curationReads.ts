/**
 * What the curators' screen reads (issue 15 item 8): the moderation queue, tunes with their
 * setting counts, reports with their setting, and the audit log. Rows are turned into the
 * contract's shapes here, so the actions in curationService.ts answer the same shapes.
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  AuditEntry,
  CuratedReport,
  CuratedSetting,
  CuratedTune,
} from '../../../contracts/library/curationRoutes.ts';
import type {
  Licence,
  ReportKind,
  TuneType,
  Visibility,
} from '../../../contracts/library/libraryTerms.ts';
import type { Db } from '../../db/client.ts';
import {
  authUser,
  library_audit,
  library_reports,
  library_settings,
  library_tunes,
} from '../../db/schema/index.ts';
import { normaliseTitle } from './tuneText.ts';

/** Timestamps leave as ISO 8601, whichever driver read them. */
export function iso(value: string | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

// Spelled out: drizzle writes a lone table's columns unqualified, which inside the subquery
// would name the setting's own id.
const settingCounts = {
  total:
    sql<number>`(select count(*) from ${library_settings} s where s.tune_id = "library_tunes"."id")`.mapWith(
      Number,
    ),
  public:
    sql<number>`(select count(*) from ${library_settings} s where s.tune_id = "library_tunes"."id" and s.visibility = 'public')`.mapWith(
      Number,
    ),
  pending:
    sql<number>`(select count(*) from ${library_settings} s where s.tune_id = "library_tunes"."id" and s.visibility = 'pending')`.mapWith(
      Number,
    ),
};

const tuneColumns = {
  id: library_tunes.id,
  slug: library_tunes.slug,
  title: library_tunes.title,
  aliases: library_tunes.aliases,
  type: library_tunes.type,
  timeSignature: library_tunes.time_signature,
  composer: library_tunes.composer,
  composerDates: library_tunes.composer_dates,
  notes: library_tunes.notes,
  featuredAt: library_tunes.featured_at,
  mergedInto: library_tunes.merged_into,
  ...settingCounts,
};

function selectTunes(db: Db) {
  return db.select(tuneColumns).from(library_tunes);
}

type TuneRow = Awaited<ReturnType<typeof selectTunes>>[number];

function curatedTune(row: TuneRow): CuratedTune {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    aliases: row.aliases,
    type: row.type as TuneType,
    timeSignature: row.timeSignature,
    composer: row.composer,
    composerDates: row.composerDates,
    notes: row.notes,
    featured: row.featuredAt !== null,
    mergedInto: row.mergedInto,
    settings: { total: row.total, public: row.public, pending: row.pending },
  };
}

export async function tuneById(db: Db, id: string): Promise<CuratedTune | null> {
  const [row] = await selectTunes(db).where(eq(library_tunes.id, id));
  return row ? curatedTune(row) : null;
}

/**
 * Tunes by title or alias with typos forgiven (pg_trgm word similarity, as the public search),
 * every visibility, best match first; merged duplicates are left out.
 */
export async function listTunes(
  db: Db,
  query: { q?: string | undefined; featured: boolean; limit: number; offset: number },
): Promise<{ tunes: CuratedTune[]; total: number }> {
  const words = query.q ? normaliseTitle(query.q) : '';
  const filters: SQL[] = [isNull(library_tunes.merged_into)];
  if (query.featured) filters.push(sql`${library_tunes.featured_at} is not null`);
  if (words) {
    // normaliseTitle leaves only [a-z0-9 ], so the pattern holds no LIKE wildcard.
    filters.push(
      sql`(${library_tunes.search_text} like ${`%${words}%`} or ${words} <% ${library_tunes.search_text})`,
    );
  }
  const where = and(...filters);
  const order = words
    ? [desc(sql`word_similarity(${words}, ${library_tunes.search_text})`), asc(library_tunes.title)]
    : [asc(library_tunes.title)];
  const [rows, [total]] = await Promise.all([
    selectTunes(db)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(library_tunes).where(where),
  ]);
  return { tunes: rows.map(curatedTune), total: total?.n ?? 0 };
}

const settingColumns = {
  id: library_settings.id,
  bww: library_settings.bww,
  arranger: library_settings.arranger,
  source: library_settings.source,
  licence: library_settings.licence,
  attribution: library_settings.attribution,
  visibility: library_settings.visibility,
  rejectReason: library_settings.reject_reason,
  createdAt: library_settings.created_at,
  tuneId: library_tunes.id,
  slug: library_tunes.slug,
  title: library_tunes.title,
  type: library_tunes.type,
  timeSignature: library_tunes.time_signature,
  composer: library_tunes.composer,
  uploaderId: authUser.id,
  uploaderName: authUser.name,
  uploaderInitials: authUser.initials,
  uploaderEmail: authUser.email,
};

function curatedSetting(row: SettingRow): CuratedSetting {
  return {
    id: row.id,
    tune: {
      id: row.tuneId,
      slug: row.slug,
      title: row.title,
      type: row.type as TuneType,
      timeSignature: row.timeSignature,
      composer: row.composer,
    },
    bww: row.bww,
    arranger: row.arranger,
    source: row.source,
    licence: row.licence as Licence,
    attribution: row.attribution,
    visibility: row.visibility as Visibility,
    uploader: row.uploaderId
      ? {
          id: row.uploaderId,
          name: row.uploaderName || row.uploaderInitials || '',
          email: row.uploaderEmail ?? '',
        }
      : null,
    rejectReason: row.rejectReason,
    createdAt: iso(row.createdAt),
  };
}

function settingsQuery(db: Db) {
  return db
    .select(settingColumns)
    .from(library_settings)
    .innerJoin(library_tunes, eq(library_tunes.id, library_settings.tune_id))
    .leftJoin(authUser, eq(authUser.id, library_settings.uploader_id));
}

type SettingRow = Awaited<ReturnType<typeof settingsQuery>>[number];

export async function settingById(db: Db, id: string): Promise<CuratedSetting | null> {
  const [row] = await settingsQuery(db).where(eq(library_settings.id, id));
  return row ? curatedSetting(row) : null;
}

/** Pending settings, oldest first: the first asked is the first answered. */
export async function listQueue(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ settings: CuratedSetting[]; total: number }> {
  const pending = eq(library_settings.visibility, 'pending');
  const [rows, [total]] = await Promise.all([
    settingsQuery(db)
      .where(pending)
      .orderBy(asc(library_settings.created_at), asc(library_settings.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(library_settings).where(pending),
  ]);
  return { settings: rows.map(curatedSetting), total: total?.n ?? 0 };
}

type ReportStatus = CuratedReport['status'];

export async function reportById(db: Db, id: string): Promise<CuratedReport | null> {
  const { reports } = await reportsWhere(db, eq(library_reports.id, id), { limit: 1, offset: 0 });
  return reports[0] ?? null;
}

export function listReports(
  db: Db,
  query: { status: ReportStatus; limit: number; offset: number },
): Promise<{ reports: CuratedReport[]; total: number }> {
  return reportsWhere(db, eq(library_reports.status, query.status), query);
}

async function reportsWhere(
  db: Db,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<{ reports: CuratedReport[]; total: number }> {
  const [reports, [total]] = await Promise.all([
    db
      .select({
        id: library_reports.id,
        kind: library_reports.kind,
        message: library_reports.message,
        status: library_reports.status,
        reporterEmail: sql<
          string | null
        >`(select u.email from ${authUser} u where u.id = "library_reports"."reporter_id")`,
        reportedAt: library_reports.created_at,
        settingId: library_reports.setting_id,
      })
      .from(library_reports)
      .where(where)
      .orderBy(asc(library_reports.created_at), asc(library_reports.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(library_reports).where(where),
  ]);
  const answers: CuratedReport[] = [];
  for (const report of reports) {
    const setting = await settingById(db, report.settingId);
    if (!setting) continue;
    answers.push({
      id: report.id,
      kind: report.kind as ReportKind,
      message: report.message,
      status: report.status as ReportStatus,
      reporter: report.reporterEmail,
      createdAt: iso(report.reportedAt),
      setting,
    });
  }
  return { reports: answers, total: total?.n ?? 0 };
}

export async function listAudit(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(library_audit)
      .orderBy(desc(library_audit.created_at), desc(library_audit.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(library_audit),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorId: row.actor_id,
      actorLabel: row.actor_label,
      action: row.action,
      targetKind: row.target_kind,
      targetId: row.target_id,
      detail: (row.detail as Record<string, unknown> | null) ?? null,
      createdAt: iso(row.created_at),
    })),
    total: total?.n ?? 0,
  };
}
