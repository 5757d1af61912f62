/**
 * Tune summaries for a page of tunes (issue 15 item 5): the settings the viewer may see per
 * tune and the preview from the best of them, in one query whatever the page's size.
 * 'Best' is a public setting before the viewer's own, a built-in before an upload, the oldest
 * first — the one a piper most likely means.
 */
import { sql } from 'drizzle-orm';
import type { TuneSummary } from '../../../contracts/library/libraryRoutes.ts';
import type { Database } from '../../db/client.ts';
import { library_settings, library_tunes } from '../../db/schema/index.ts';
import { previewOf, tuneSummaryOf, type TuneRow } from './libraryRows.ts';
import { visibleSettingFilter, type Viewer } from './visibleSettingFilter.ts';

export type SummaryRow = Pick<
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
>;

/** The columns a summary needs, for raw SQL over `library_tunes t`. */
export const SUMMARY_COLUMNS = sql.raw(
  't.id, t.slug, t.title, t.aliases, t.type, t.time_signature, t.composer, t.composer_dates, t.featured_at',
);

export async function tuneSummaries(
  database: Database,
  viewer: Viewer,
  tunes: readonly SummaryRow[],
): Promise<TuneSummary[]> {
  if (tunes.length === 0) return [];
  const ids = sql.join(
    tunes.map((t) => sql`${t.id}`),
    sql`, `,
  );
  const rows = await database.rows<{ tune_id: string; n: number | string; bww: string }>(
    sql`select tune_id, n, bww from (
          select s.tune_id, s.bww,
                 count(*) over (partition by s.tune_id) as n,
                 row_number() over (
                   partition by s.tune_id
                   order by (s.visibility = 'public') desc, (s.builtin_id is not null) desc,
                            s.created_at, s.id
                 ) as rank
          from ${library_settings} s
          where s.tune_id in (${ids}) and ${visibleSettingFilter(viewer, 's')}
        ) best where rank = 1`,
  );
  const byTune = new Map(rows.map((row) => [row.tune_id, row]));
  return tunes.map((tune) => {
    const best = byTune.get(tune.id);
    return tuneSummaryOf(tune, {
      settingCount: Number(best?.n ?? 0),
      previewBww: best ? previewOf(best.bww) : null,
    });
  });
}

/** One tune's summary by id (for answers about a single setting). */
export async function tuneSummaryById(
  database: Database,
  viewer: Viewer,
  tuneId: string,
): Promise<TuneSummary | null> {
  const rows = await database.rows<SummaryRow>(
    sql`select ${SUMMARY_COLUMNS} from ${library_tunes} t where t.id = ${tuneId}`,
  );
  const [summary] = await tuneSummaries(database, viewer, rows);
  return summary ?? null;
}
