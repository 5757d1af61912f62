/**
 * Rows of the library tables as the API answers them (src/contracts/library/libraryRoutes.ts),
 * and the small writes every library service shares: a free slug, the preview text.
 */
import { sql } from 'drizzle-orm';
import type { SettingView, TuneSummary } from '../../../contracts/library/libraryRoutes.ts';
import type { Licence, TuneType, Visibility } from '../../../contracts/library/libraryTerms.ts';
import type { Database } from '../../db/client.ts';
import type { library_settings } from '../../db/schema/index.ts';
import { library_tunes } from '../../db/schema/index.ts';
import { slugOf } from './tuneText.ts';

export type TuneRow = typeof library_tunes.$inferSelect;
export type SettingRow = typeof library_settings.$inferSelect;

/** Where a write may run: the database or a transaction on it. */
export type Writer = Pick<Database['db'], 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The preview's bound (tuneSummarySchema.previewBww). */
export const PREVIEW_CHARS = 2_000;

/**
 * The header (title, type, composer …) and the first staff line of a BWW text: what the
 * search results draw small (issue 15 item 5). A staff line starts with `&` and runs to its
 * line-end, part-end or repeat-end mark (`!t`, `!I`, `''!I`) or the next staff.
 */
export function previewOf(bww: string): string {
  const lines = bww.split(/\r?\n/);
  const out: string[] = [];
  let inStaff = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.startsWith('&')) {
      if (inStaff) break;
      inStaff = true;
    }
    out.push(line);
    if (inStaff && /(!t|!I|!It|''!I)\s*$/.test(trimmed)) break;
  }
  const text = out.join('\n');
  return text.length > PREVIEW_CHARS ? text.slice(0, PREVIEW_CHARS) : text;
}

export interface SummaryExtras {
  readonly settingCount: number;
  readonly previewBww: string | null;
}

export function tuneSummaryOf(
  row: Pick<
    TuneRow,
    | 'id'
    | 'slug'
    | 'title'
    | 'aliases'
    | 'type'
    | 'time_signature'
    | 'composer'
    | 'composer_dates'
    | 'featured_at'
  >,
  extras: SummaryExtras,
): TuneSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    aliases: row.aliases ?? [],
    type: row.type as TuneType,
    timeSignature: row.time_signature,
    composer: row.composer,
    composerDates: row.composer_dates,
    featured: row.featured_at !== null,
    settingCount: extras.settingCount,
    previewBww: extras.previewBww,
  };
}

/** An ISO 8601 string, whatever the driver gave (PGlite and pg differ in text format). */
export function isoOf(value: string | Date): string {
  return new Date(value).toISOString();
}

export function settingViewOf(
  row: SettingRow,
  viewerId: string | null,
  uploaderName: string | null,
): SettingView {
  return {
    id: row.id,
    tuneId: row.tune_id,
    bww: row.bww,
    arranger: row.arranger,
    source: row.source,
    licence: row.licence as Licence,
    attribution: row.attribution,
    visibility: row.visibility as Visibility,
    builtin: row.builtin_id !== null,
    uploaderName,
    mine: viewerId !== null && row.uploader_id === viewerId,
    // The reason is the uploader's to read (and a curator's, who wrote it).
    rejectReason: row.reject_reason,
    createdAt: isoOf(row.created_at),
  };
}

/** What the library shows for an uploader: their initials or name, never an email. */
export function displayNameOf(user: { name: string; initials: string | null }): string | null {
  if (user.initials) return user.initials;
  const name = user.name.trim();
  return name && !name.includes('@') ? name : null;
}

/** A slug no tune has yet: 'loch-lomond', else 'loch-lomond-2', 'loch-lomond-3' … */
export async function freeSlug(db: Writer, title: string): Promise<string> {
  const base = slugOf(title);
  const result = (await db.execute(
    sql`select slug from ${library_tunes} where slug = ${base} or slug like ${`${base}-%`}`,
  )) as unknown as { rows: { slug: string }[] };
  const taken = new Set(result.rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
