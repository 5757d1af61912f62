/**
 * A tune's page by its slug (issue 15 item 5): the tune, the settings the caller may see,
 * and — for a tune merged into another (item 8) — the tune it now lives under, with
 * `redirectTo` so old links keep working. A tune with no setting the caller may see is
 * not found: a private upload's title is as private as its music.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TunePage } from '../../../contracts/library/libraryRoutes.ts';
import { libraryMessages } from '../../../contracts/library/libraryTerms.ts';
import type { Database } from '../../db/client.ts';
import { authUser, library_settings, library_tunes } from '../../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { displayNameOf, settingViewOf, type SettingRow } from './libraryRows.ts';
import { tuneSummaries } from './tuneSummaries.ts';
import { visibleSettingFilter, type Viewer } from './visibleSettingFilter.ts';

/** Merges of merges are followed this far (a loop would be a curation bug, not a hang). */
const MAX_REDIRECTS = 5;

/** Uploaders' display names by user id (never emails). */
export async function uploaderNames(
  database: Database,
  rows: readonly Pick<SettingRow, 'uploader_id'>[],
): Promise<Map<string, string | null>> {
  const ids = [...new Set(rows.map((r) => r.uploader_id).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const users = await database.db
    .select({ id: authUser.id, name: authUser.name, initials: authUser.initials })
    .from(authUser)
    .where(inArray(authUser.id, ids));
  return new Map(users.map((u) => [u.id, displayNameOf(u)]));
}

export async function tunePage(
  database: Database,
  viewer: Viewer,
  slug: string,
): Promise<TunePage> {
  let [tune] = await database.db.select().from(library_tunes).where(eq(library_tunes.slug, slug));
  let redirected = false;
  for (let hop = 0; tune?.merged_into && hop < MAX_REDIRECTS; hop++) {
    [tune] = await database.db
      .select()
      .from(library_tunes)
      .where(eq(library_tunes.id, tune.merged_into));
    redirected = true;
  }
  if (!tune || tune.merged_into) throw notFound(libraryMessages.notFound);
  const settings = await database.db
    .select()
    .from(library_settings)
    .where(and(eq(library_settings.tune_id, tune.id), visibleSettingFilter(viewer)))
    .orderBy(
      desc(sql`${library_settings.visibility} = 'public'`),
      desc(sql`${library_settings.builtin_id} is not null`),
      asc(library_settings.created_at),
      asc(library_settings.id),
    );
  if (settings.length === 0) throw notFound(libraryMessages.notFound);
  const names = await uploaderNames(database, settings);
  const [summary] = await tuneSummaries(database, viewer, [tune]);
  return {
    tune: { ...summary!, notes: tune.notes },
    settings: settings.map((row) =>
      settingViewOf(
        row,
        viewer.userId,
        row.uploader_id ? (names.get(row.uploader_id) ?? null) : null,
      ),
    ),
    redirectTo: redirected ? tune.slug : null,
  };
}
