/**
 * Saves an uploaded setting (issue 15 item 3). Private by default; a piper who asks to share
 * it under a licence that allows sharing (public domain, CC0, CC BY — the schema checks)
 * makes it 'pending': it becomes public only when a curator approves it (item 8), never here.
 */
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  uploadAnswerSchema,
  uploadBodySchema,
} from '../../../contracts/library/libraryRoutes.ts';
import { LIBRARY_LIMITS, libraryMessages } from '../../../contracts/library/libraryTerms.ts';
import { writeBww } from '../../../music/bww/writeBww.ts';
import { melodyOf } from '../../../music/tune/melodyOf.ts';
import type { Database } from '../../db/client.ts';
import { library_settings, library_tunes } from '../../db/schema/index.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import { freeSlug, settingViewOf } from './libraryRows.ts';
import { readUpload } from './readUpload.ts';
import { uploaderNames } from './tunePage.ts';
import { tuneSummaryById } from './tuneSummaries.ts';
import { searchTextOf } from './tuneText.ts';
import { canSee, visibleSettingFilter, type Viewer } from './visibleSettingFilter.ts';

type UploadBody = z.infer<typeof uploadBodySchema>;
type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

export async function countSettingsOf(database: Database, userId: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(library_settings)
    .where(eq(library_settings.uploader_id, userId));
  return Number(row?.n ?? 0);
}

/** The tune a new setting may join: visible to the uploader, followed through merges. */
async function joinableTune(database: Database, viewer: Viewer, tuneId: string): Promise<string> {
  let id = tuneId;
  for (let hop = 0; hop < 5; hop++) {
    const [tune] = await database.db
      .select({ id: library_tunes.id, merged_into: library_tunes.merged_into })
      .from(library_tunes)
      .where(eq(library_tunes.id, id));
    if (!tune) break;
    if (!tune.merged_into) {
      const [visible] = await database.db
        .select({ id: library_settings.id })
        .from(library_settings)
        .where(and(eq(library_settings.tune_id, tune.id), visibleSettingFilter(viewer)))
        .limit(1);
      if (visible) return tune.id;
      break;
    }
    id = tune.merged_into;
  }
  throw notFound(`tuneId: ${libraryMessages.notFound}`);
}

export async function uploadSetting(
  database: Database,
  viewer: Viewer & { userId: string },
  body: UploadBody,
  beforeStore: () => Promise<void>,
): Promise<UploadAnswer> {
  const read = readUpload(body.format, body.text);
  const tune = read.tunes[body.tuneIndex];
  if (!tune) {
    throw badRequest(
      `tuneIndex: This file holds ${read.tunes.length} tune${read.tunes.length === 1 ? '' : 's'}.`,
      'validation',
    );
  }
  if ((await countSettingsOf(database, viewer.userId)) >= LIBRARY_LIMITS.settingsPerUser) {
    throw new ApiError(403, 'too_many_settings', libraryMessages.tooManySettings);
  }
  const tuneId = body.tuneId ? await joinableTune(database, viewer, body.tuneId) : null;
  await beforeStore();
  // One tune of a several-tune file is stored as that tune alone.
  // A one-tune BWW file is kept as written; MusicXML and picked tunes are written as BWW.
  const bww = body.format === 'bww' && read.tunes.length === 1 ? body.text : writeBww([tune]);
  const setting = await database.db.transaction(async (tx) => {
    let id = tuneId;
    if (!id) {
      const [created] = await tx
        .insert(library_tunes)
        .values({
          slug: await freeSlug(tx, body.title),
          title: body.title,
          aliases: body.aliases,
          type: body.type,
          time_signature: body.timeSignature,
          composer: body.composer || 'Traditional',
          composer_dates: body.composerDates,
          notes: body.notes,
          search_text: searchTextOf(body.title, body.aliases),
          created_by: viewer.userId,
        })
        .returning({ id: library_tunes.id });
      id = created!.id;
    }
    const [row] = await tx
      .insert(library_settings)
      .values({
        tune_id: id,
        bww,
        arranger: body.arranger,
        source: body.source,
        licence: body.licence,
        attribution: body.attribution,
        uploader_id: viewer.userId,
        visibility: body.share ? 'pending' : 'private',
        melody: melodyOf(tune),
      })
      .returning();
    return row!;
  });
  const names = await uploaderNames(database, [setting]);
  const summary = await tuneSummaryById(database, viewer, setting.tune_id);
  if (!summary || !canSee(viewer, setting)) throw notFound(libraryMessages.notFound);
  return {
    tune: summary,
    setting: settingViewOf(setting, viewer.userId, names.get(viewer.userId) ?? null),
  };
}
