/**
 * Removing a co-manager, or stepping down (issue 16 item 3). Only the owner removes others;
 * anyone may step down, except the last owner — a band is never left without someone who can
 * answer for it (the owner deletes the band instead).
 */
import { and, count, eq } from 'drizzle-orm';
import { bandMessages } from '../../../contracts/directory/bandMessages.ts';
import { directoryMessages as m } from '../../../contracts/directory/directoryTerms.ts';
import type { Database } from '../../db/client.ts';
import { band_managers } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../errors.ts';
import { refuseUnlessManager, refuseUnlessOwner, roleOf, type BandViewer } from './bandAccess.ts';
import { writeBandAudit } from './bandAudit.ts';
import { readBandRow } from './bandRows.ts';

export async function removeManager(
  database: Database,
  viewer: BandViewer,
  bandId: string,
  userId: string,
  now: Date = new Date(),
): Promise<{ removed: true }> {
  const db = database.db;
  const row = await readBandRow(db, bandId);
  if (!row) throw notFound(m.notFound);
  const myRole = await roleOf(db, bandId, viewer.userId);
  refuseUnlessManager(row, myRole, viewer, now);
  const self = userId === viewer.userId;
  if (!self) refuseUnlessOwner(myRole);
  const theirRole = self ? myRole : await roleOf(db, bandId, userId);
  if (!theirRole) throw notFound(bandMessages.notAManager);
  return db.transaction(async (tx) => {
    if (theirRole === 'owner') {
      const [owners] = await tx
        .select({ n: count() })
        .from(band_managers)
        .where(and(eq(band_managers.band_id, bandId), eq(band_managers.role, 'owner')));
      if (Number(owners?.n ?? 0) <= 1)
        throw new ApiError(409, 'last_owner', bandMessages.lastOwner);
    }
    await tx
      .delete(band_managers)
      .where(and(eq(band_managers.band_id, bandId), eq(band_managers.user_id, userId)));
    await writeBandAudit(tx, {
      actorId: viewer.userId,
      action: self ? 'step-down' : 'remove-manager',
      bandId,
      detail: userId,
    });
    return { removed: true as const };
  });
}
