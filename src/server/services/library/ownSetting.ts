/**
 * An owner's changes to their own settings (issue 15 item 3; 'Done when': only owners edit).
 * Another piper's setting the caller cannot see is not found; one they can see but did not
 * upload (a built-in, someone else's public setting) is forbidden.
 *
 * Review rules: asking to share again makes a setting 'pending'; changing the music or the
 * licence of a public setting puts it back to 'pending' (a curator approved that music under
 * that licence, not another); a licence that does not allow sharing makes it private; a
 * setting hidden after a copyright report stays hidden until a curator decides.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SettingView, settingPatchSchema } from '../../../contracts/library/libraryRoutes.ts';
import {
  PUBLIC_LICENCES,
  libraryMessages,
  type Licence,
  type Visibility,
} from '../../../contracts/library/libraryTerms.ts';
import { writeBww } from '../../../music/bww/writeBww.ts';
import { melodyOf } from '../../../music/tune/melodyOf.ts';
import type { Database } from '../../db/client.ts';
import { library_settings, library_tunes } from '../../db/schema/index.ts';
import { ApiError, badRequest, forbidden, notFound } from '../errors.ts';
import { settingViewOf, type SettingRow } from './libraryRows.ts';
import { readUpload } from './readUpload.ts';
import { uploaderNames } from './tunePage.ts';
import { canSee, type Viewer } from './visibleSettingFilter.ts';

type SettingPatch = z.infer<typeof settingPatchSchema>;

export const NOT_YOURS = 'Only the piper who uploaded this setting may change it.';

/** The setting, when the viewer uploaded it; 404 or 403 otherwise. */
export async function ownedSetting(
  database: Database,
  viewer: Viewer,
  settingId: string,
): Promise<SettingRow> {
  const [row] = await database.db
    .select()
    .from(library_settings)
    .where(eq(library_settings.id, settingId));
  if (!row || !canSee(viewer, row)) throw notFound(libraryMessages.notFound);
  if (viewer.userId === null || row.uploader_id !== viewer.userId) {
    throw forbidden(NOT_YOURS, 'not_owner');
  }
  return row;
}

const isPublicLicence = (licence: string) => PUBLIC_LICENCES.includes(licence as Licence);

/** The visibility after a patch (see the module's comment). */
export function nextVisibility(
  current: Visibility,
  share: boolean | undefined,
  licence: string,
  changedMusicOrLicence: boolean,
): Visibility {
  if (current === 'hidden') {
    if (share !== undefined) throw new ApiError(409, 'hidden', libraryMessages.copyrightHidden);
    return 'hidden';
  }
  if (share === false) return 'private';
  if (share === true) {
    if (!isPublicLicence(licence))
      throw badRequest(`licence: ${libraryMessages.publicNeedsLicence}`);
    return current === 'public' && !changedMusicOrLicence ? 'public' : 'pending';
  }
  if ((current === 'public' || current === 'pending') && !isPublicLicence(licence)) {
    return 'private';
  }
  if (current === 'public' && changedMusicOrLicence) return 'pending';
  return current;
}

export async function updateSetting(
  database: Database,
  viewer: Viewer & { userId: string },
  settingId: string,
  patch: SettingPatch,
): Promise<SettingView> {
  const row = await ownedSetting(database, viewer, settingId);
  const licence = patch.licence ?? row.licence;
  const attribution = patch.attribution !== undefined ? patch.attribution : row.attribution;
  if (licence === 'cc-by' && !attribution) {
    throw badRequest(`attribution: ${libraryMessages.attributionRequired}`, 'validation');
  }
  let music: { bww: string; melody: string } | null = null;
  if (patch.bww !== undefined && patch.bww !== row.bww) {
    const read = readUpload('bww', patch.bww);
    const tune = read.tunes[0]!;
    music = {
      bww: read.tunes.length === 1 ? patch.bww : writeBww([tune]),
      melody: melodyOf(tune),
    };
  }
  const changed = music !== null || licence !== row.licence;
  const visibility = nextVisibility(row.visibility as Visibility, patch.share, licence, changed);
  const [updated] = await database.db
    .update(library_settings)
    .set({
      ...(patch.arranger !== undefined ? { arranger: patch.arranger } : {}),
      ...(patch.source !== undefined ? { source: patch.source } : {}),
      licence,
      attribution,
      ...(music ?? {}),
      visibility,
      ...(visibility === 'pending' && row.visibility !== 'pending' ? { reject_reason: null } : {}),
      updated_at: sql`now()`,
    })
    .where(eq(library_settings.id, row.id))
    .returning();
  const names = await uploaderNames(database, [updated!]);
  return settingViewOf(updated!, viewer.userId, names.get(viewer.userId) ?? null);
}

/** Deletes an owner's setting, and its tune when no setting is left under it. */
export async function deleteSetting(
  database: Database,
  viewer: Viewer & { userId: string },
  settingId: string,
): Promise<{ deleted: true }> {
  const row = await ownedSetting(database, viewer, settingId);
  await database.db.transaction(async (tx) => {
    await tx.delete(library_settings).where(eq(library_settings.id, row.id));
    await tx.execute(
      sql`delete from ${library_tunes} t where t.id = ${row.tune_id}
          and not exists (select 1 from ${library_settings} s where s.tune_id = t.id)`,
    );
  });
  return { deleted: true };
}
