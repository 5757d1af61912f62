/**
 * The find endpoint's answer (issue 15 item 6): the matcher's settings (findInLibrary.ts)
 * with their tunes as they are now (a merge may have moved a setting) and the bar where the
 * fragment starts.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { findAnswerSchema } from '../../../contracts/library/libraryRoutes.ts';
import type { Pitch } from '../../../music/notes.ts';
import type { Database } from '../../db/client.ts';
import { library_settings, library_tunes } from '../../db/schema/index.ts';
import { findInLibrary } from './findInLibrary.ts';
import { tuneSummaries, SUMMARY_COLUMNS, type SummaryRow } from './tuneSummaries.ts';
import { ANONYMOUS } from './visibleSettingFilter.ts';

export async function findAnswer(
  database: Database,
  pitches: readonly Pitch[],
  limit: number,
): Promise<z.infer<typeof findAnswerSchema>> {
  const found = await findInLibrary(database, pitches, limit);
  if (found.length === 0) return { results: [] };
  const ids = sql.join(
    found.map((f) => sql`${f.settingId}`),
    sql`, `,
  );
  const rows = await database.rows<SummaryRow & { setting_id: string }>(
    sql`select ${SUMMARY_COLUMNS}, s.id as setting_id
        from ${library_settings} s join ${library_tunes} t on t.id = s.tune_id
        where s.id in (${ids}) and s.visibility = 'public' and t.merged_into is null`,
  );
  const bySetting = new Map(rows.map((row) => [row.setting_id, row]));
  const summaries = new Map(
    (await tuneSummaries(database, ANONYMOUS, rows)).map((summary) => [summary.id, summary]),
  );
  return {
    results: found.flatMap((f) => {
      const row = bySetting.get(f.settingId);
      const tune = row && summaries.get(row.id);
      if (!row || !tune) return [];
      return [{ tune, settingId: f.settingId, score: f.score, bar: f.bar }];
    }),
  };
}
