/** The caller's uploaded settings with their review state (issue 15 item 3), newest first. */
import { desc, eq, inArray } from 'drizzle-orm';
import type { SettingView, TuneSummary } from '../../../contracts/library/libraryRoutes.ts';
import { LIBRARY_LIMITS } from '../../../contracts/library/libraryTerms.ts';
import type { Database } from '../../db/client.ts';
import { library_settings, library_tunes } from '../../db/schema/index.ts';
import { settingViewOf } from './libraryRows.ts';
import { uploaderNames } from './tunePage.ts';
import { tuneSummaries } from './tuneSummaries.ts';
import type { Viewer } from './visibleSettingFilter.ts';

export async function mySettings(
  database: Database,
  viewer: Viewer & { userId: string },
): Promise<{ settings: (SettingView & { tune: TuneSummary })[] }> {
  const rows = await database.db
    .select()
    .from(library_settings)
    .where(eq(library_settings.uploader_id, viewer.userId))
    .orderBy(desc(library_settings.created_at), desc(library_settings.id))
    .limit(LIBRARY_LIMITS.settingsPerUser);
  if (rows.length === 0) return { settings: [] };
  const tuneIds = [...new Set(rows.map((row) => row.tune_id))];
  const tunes = await database.db
    .select()
    .from(library_tunes)
    .where(inArray(library_tunes.id, tuneIds));
  const summaries = new Map(
    (await tuneSummaries(database, viewer, tunes)).map((summary) => [summary.id, summary]),
  );
  const names = await uploaderNames(database, rows.slice(0, 1));
  const name = names.get(viewer.userId) ?? null;
  return {
    settings: rows.flatMap((row) => {
      const tune = summaries.get(row.tune_id);
      return tune ? [{ ...settingViewOf(row, viewer.userId, name), tune }] : [];
    }),
  };
}
