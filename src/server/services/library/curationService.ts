/**
 * What curators do to the library (issue 15 item 8): approve or reject a pending setting,
 * edit a tune's metadata, merge a duplicate tune into another, feature a tune, and uphold or
 * dismiss a report. Each action and its audit row are one transaction, so the log never
 * misses an action nor records one that did not happen. Mail leaves after the commit.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  curationMessages as m,
  type CuratedReport,
  type CuratedSetting,
  type CuratedTune,
  type TuneEditBody,
} from '../../../contracts/library/curationRoutes.ts';
import {
  LIBRARY_LIMITS,
  PUBLIC_LICENCES,
  type Licence,
} from '../../../contracts/library/libraryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import type { Db } from '../../db/client.ts';
import { library_reports, library_settings, library_tunes } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import { reportById, settingById, tuneById } from './curationReads.ts';
import { freeSlug } from './freeSlug.ts';
import { searchTextOf, slugOf } from './tuneText.ts';
import { writeAudit, type Curator, type DbOrTx } from './writeAudit.ts';

export type { Curator } from './writeAudit.ts';

const conflict = (message: string, code: string) => new ApiError(409, code, message);

export interface CurationDeps {
  readonly db: Db;
  readonly mailer: Mailer;
  /** The site's address, for the link in mails to uploaders. */
  readonly siteUrl: string;
  readonly log?: { warn(object: object, message: string): void };
}

async function mustSetting(db: Db, id: string): Promise<CuratedSetting> {
  const setting = await settingById(db, id);
  if (!setting) throw notFound(m.settingNotFound);
  return setting;
}

async function mustTune(db: Db, id: string): Promise<CuratedTune> {
  const tune = await tuneById(db, id);
  if (!tune) throw notFound(m.tuneNotFound);
  return tune;
}

export async function approveSetting(
  { db }: CurationDeps,
  curator: Curator,
  settingId: string,
): Promise<CuratedSetting> {
  const setting = await mustSetting(db, settingId);
  // Item 3: public only under a licence that allows it — checked again here, not just at upload.
  if (!PUBLIC_LICENCES.includes(setting.licence as Licence)) throw badRequest(m.notPublicLicence);
  await db.transaction(async (tx) => {
    await decidePending(tx, curator, settingId, 'public', null);
    await writeAudit(tx, curator, 'approve', 'setting', settingId, {
      tuneId: setting.tune.id,
      title: setting.tune.title,
      licence: setting.licence,
    });
  });
  return mustSetting(db, settingId);
}

/**
 * A curator's decision on a pending setting: public, or rejected with the reason. Two curators
 * on one setting: the second finds it no longer pending (409).
 */
async function decidePending(
  tx: DbOrTx,
  curator: Curator,
  settingId: string,
  visibility: 'public' | 'rejected',
  reason: string | null,
): Promise<void> {
  const done = await tx
    .update(library_settings)
    .set({
      visibility,
      reject_reason: reason,
      moderated_by: curator.id ?? curator.label,
      moderated_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where(and(eq(library_settings.id, settingId), eq(library_settings.visibility, 'pending')))
    .returning({ id: library_settings.id });
  if (done.length === 0) throw conflict(m.notPending, 'not_pending');
}

/** Mail to the uploader, after the commit; a mail that cannot be sent is logged, not fatal. */
async function mailUploader(
  deps: CurationDeps,
  setting: CuratedSetting,
  subject: string,
  lines: readonly string[],
): Promise<boolean> {
  if (!setting.uploader?.email) return false;
  try {
    await deps.mailer.send({ to: setting.uploader.email, subject, text: lines.join('\n') });
    return true;
  } catch (error) {
    deps.log?.warn({ err: error, settingId: setting.id }, 'curation mail not sent');
    return false;
  }
}

function mineLink(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${paths.sheetShare}`;
}

export async function rejectSetting(
  deps: CurationDeps,
  curator: Curator,
  settingId: string,
  reason: string,
): Promise<CuratedSetting & { mailed: boolean }> {
  const { db } = deps;
  const before = await mustSetting(db, settingId);
  await db.transaction(async (tx) => {
    await decidePending(tx, curator, settingId, 'rejected', reason);
    await writeAudit(tx, curator, 'reject', 'setting', settingId, {
      tuneId: before.tune.id,
      title: before.tune.title,
      reason,
    });
  });
  const setting = await mustSetting(db, settingId);
  const mailed = await mailUploader(deps, setting, m.rejectedSubject, [
    `Thank you for sharing “${setting.tune.title}”. A curator did not add it to the public library:`,
    '',
    reason,
    '',
    'It is still in your own tunes, private to you. You can change it and ask again:',
    mineLink(deps.siteUrl),
  ]);
  return { ...setting, mailed };
}

const EDITABLE = [
  'title',
  'aliases',
  'type',
  'timeSignature',
  'composer',
  'composerDates',
  'notes',
] as const;

export async function editTune(
  { db }: CurationDeps,
  curator: Curator,
  tuneId: string,
  body: TuneEditBody,
): Promise<CuratedTune> {
  const before = await mustTune(db, tuneId);
  const changes: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    const value = body[key];
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(before[key])) changes[key] = value;
  }
  const title = body.title ?? before.title;
  const aliases = body.aliases ?? before.aliases;
  await db.transaction(async (tx) => {
    // The slug stays unless asked: links to the tune keep working (item 8).
    const slug =
      body.renameSlug && slugOf(title) !== before.slug ? await freeSlug(tx, title) : null;
    await tx
      .update(library_tunes)
      .set({
        title,
        aliases,
        type: body.type ?? before.type,
        time_signature: body.timeSignature ?? before.timeSignature,
        composer: body.composer ?? before.composer,
        composer_dates:
          body.composerDates === undefined ? before.composerDates : body.composerDates,
        notes: body.notes === undefined ? before.notes : body.notes,
        search_text: searchTextOf(title, aliases),
        ...(slug ? { slug } : {}),
        updated_at: sql`now()`,
      })
      .where(eq(library_tunes.id, tuneId));
    const detail: Record<string, unknown> = {
      title: before.title,
      changed: Object.keys(changes),
      before: Object.fromEntries(
        Object.keys(changes).map((k) => [k, before[k as keyof CuratedTune]]),
      ),
      after: changes,
    };
    if (slug) detail.slug = { before: before.slug, after: slug };
    await writeAudit(tx, curator, 'edit', 'tune', tuneId, detail);
  });
  return mustTune(db, tuneId);
}

/**
 * Merges a duplicate into `intoId`: its settings move to the target, its title and aliases
 * become the target's aliases (so searches for the old name still find it), and it keeps its
 * row and slug with merged_into set, so the old link can answer redirectTo. Tunes merged into
 * the duplicate before now point at the target: a redirect is never two hops.
 */
export async function mergeTune(
  { db }: CurationDeps,
  curator: Curator,
  sourceId: string,
  intoId: string,
): Promise<{ tune: CuratedTune; moved: number }> {
  if (sourceId === intoId) throw badRequest(m.mergeSelf, 'merge_self');
  const [source, target] = await Promise.all([mustTune(db, sourceId), mustTune(db, intoId)]);
  if (source.mergedInto || target.mergedInto) throw conflict(m.mergedAlready, 'merged');
  let moved = 0;
  await db.transaction(async (tx) => {
    const settings = await tx
      .update(library_settings)
      .set({ tune_id: intoId, updated_at: sql`now()` })
      .where(eq(library_settings.tune_id, sourceId))
      .returning({ id: library_settings.id });
    moved = settings.length;
    const known = new Set([target.title, ...target.aliases].map((a) => a.toLowerCase()));
    const aliases = [...target.aliases];
    for (const name of [source.title, ...source.aliases]) {
      if (aliases.length >= LIBRARY_LIMITS.aliases || known.has(name.toLowerCase())) continue;
      known.add(name.toLowerCase());
      aliases.push(name);
    }
    await tx
      .update(library_tunes)
      .set({
        aliases,
        search_text: searchTextOf(target.title, aliases),
        // A featured duplicate hands its place to the tune it joins.
        ...(source.featured && !target.featured ? { featured_at: sql`now()` } : {}),
        updated_at: sql`now()`,
      })
      .where(eq(library_tunes.id, intoId));
    await tx
      .update(library_tunes)
      .set({ merged_into: intoId, featured_at: null, updated_at: sql`now()` })
      .where(eq(library_tunes.id, sourceId));
    await tx
      .update(library_tunes)
      .set({ merged_into: intoId })
      .where(and(eq(library_tunes.merged_into, sourceId), ne(library_tunes.id, intoId)));
    await writeAudit(tx, curator, 'merge', 'tune', sourceId, {
      title: source.title,
      slug: source.slug,
      into: intoId,
      intoTitle: target.title,
      intoSlug: target.slug,
      moved: settings.map((s) => s.id),
    });
  });
  return { tune: await mustTune(db, intoId), moved };
}

export async function featureTune(
  { db }: CurationDeps,
  curator: Curator,
  tuneId: string,
  featured: boolean,
): Promise<CuratedTune> {
  const tune = await mustTune(db, tuneId);
  if (tune.mergedInto) throw conflict(m.mergedAlready, 'merged');
  await db.transaction(async (tx) => {
    await tx
      .update(library_tunes)
      .set({ featured_at: featured ? sql`coalesce(featured_at, now())` : null })
      .where(eq(library_tunes.id, tuneId));
    await writeAudit(tx, curator, featured ? 'feature' : 'unfeature', 'tune', tuneId, {
      title: tune.title,
    });
  });
  return mustTune(db, tuneId);
}

/**
 * Upholding a report takes the setting down: a copyright report leaves it hidden for good,
 * any other report rejects it with the curator's note, so the uploader can mend it and ask
 * again. Other open reports on the same setting close with it. Dismissing gives a setting
 * that a copyright report hid back the visibility it had (hidden_from), unless another open
 * copyright report still holds it.
 */
export async function resolveReport(
  deps: CurationDeps,
  curator: Curator,
  reportId: string,
  decision: 'uphold' | 'dismiss',
  note: string | undefined,
): Promise<CuratedReport> {
  const { db } = deps;
  const report = await reportById(db, reportId);
  if (!report) throw notFound(m.reportNotFound);
  if (report.status !== 'open') throw conflict(m.reportClosed, 'report_closed');
  const setting = report.setting;
  let after = setting.visibility;
  let reason: string | null = null;
  await db.transaction(async (tx) => {
    const status = decision === 'uphold' ? 'upheld' : 'dismissed';
    const closing =
      decision === 'uphold'
        ? eq(library_reports.setting_id, setting.id)
        : eq(library_reports.id, reportId);
    const closed = await tx
      .update(library_reports)
      .set({ status, resolved_by: curator.id ?? curator.label, resolved_at: sql`now()` })
      .where(and(closing, eq(library_reports.status, 'open')))
      .returning({ id: library_reports.id });
    if (!closed.some((r) => r.id === reportId)) throw conflict(m.reportClosed, 'report_closed');
    const [row] = await tx
      .select({ visibility: library_settings.visibility, hiddenFrom: library_settings.hidden_from })
      .from(library_settings)
      .where(eq(library_settings.id, setting.id));
    if (decision === 'uphold') {
      after = report.kind === 'copyright' ? 'hidden' : 'rejected';
      reason =
        note ||
        (report.kind === 'copyright'
          ? 'Taken down after a copyright report.'
          : `A curator agreed with a report: ${report.message}`);
      await tx
        .update(library_settings)
        .set({
          visibility: after,
          hidden_from: null,
          reject_reason: reason,
          moderated_by: curator.id ?? curator.label,
          moderated_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where(eq(library_settings.id, setting.id));
    } else if (row?.visibility === 'hidden' && row.hiddenFrom) {
      const [holding] = await tx
        .select({ id: library_reports.id })
        .from(library_reports)
        .where(
          and(
            eq(library_reports.setting_id, setting.id),
            eq(library_reports.status, 'open'),
            eq(library_reports.kind, 'copyright'),
          ),
        )
        .limit(1);
      if (!holding) {
        after = row.hiddenFrom as typeof after;
        await tx
          .update(library_settings)
          .set({ visibility: after, hidden_from: null, updated_at: sql`now()` })
          .where(eq(library_settings.id, setting.id));
      }
    }
    await writeAudit(
      tx,
      curator,
      decision === 'uphold' ? 'report-upheld' : 'report-dismissed',
      'report',
      reportId,
      {
        settingId: setting.id,
        tuneId: setting.tune.id,
        title: setting.tune.title,
        kind: report.kind,
        visibility: { before: row?.visibility ?? setting.visibility, after },
        closed: closed.map((r) => r.id),
        ...(note ? { note } : {}),
      },
    );
  });
  if (decision === 'uphold' && reason) {
    await mailUploader(
      deps,
      { ...setting, visibility: after },
      `“${setting.tune.title}” was taken out of the Chanterlab library`,
      [
        `A curator agreed with a report about your setting of “${setting.tune.title}”, so it is no longer public:`,
        '',
        reason,
        '',
        'It is still in your own tunes:',
        mineLink(deps.siteUrl),
      ],
    );
  }
  const answer = await reportById(db, reportId);
  if (!answer) throw notFound(m.reportNotFound);
  return answer;
}
