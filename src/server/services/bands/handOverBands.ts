/**
 * Account deletion's part in the band finder (issue 16 item 7: 'deleting an account … hands its
 * bands to a co-manager or hides them'). Runs inside the deletion's transaction, before the user
 * row goes (band_managers rows cascade with it): each band the user owned passes to the
 * longest-serving remaining manager; a band left with no manager at all is hidden — kept for
 * the moderators, never listed without someone to answer for it.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { bandMessages } from '../../../contracts/directory/bandMessages.ts';
import { band_managers, bands } from '../../db/schema/index.ts';
import { writeBandAudit } from './bandAudit.ts';
import type { Reader } from './bandRows.ts';

export async function handOverBands(db: Reader, userId: string): Promise<void> {
  const held = await db
    .select({ bandId: band_managers.band_id, role: band_managers.role })
    .from(band_managers)
    .where(eq(band_managers.user_id, userId));
  for (const { bandId, role } of held) {
    const others = await db
      .select({ userId: band_managers.user_id, role: band_managers.role })
      .from(band_managers)
      .where(and(eq(band_managers.band_id, bandId), ne(band_managers.user_id, userId)))
      .orderBy(asc(band_managers.added_at), asc(band_managers.user_id));
    if (others.length === 0) {
      await db
        .update(bands)
        .set({ status: 'hidden', status_reason: bandMessages.orphaned, updated_at: sql`now()` })
        .where(eq(bands.id, bandId));
      await writeBandAudit(db, { actorId: null, action: 'orphaned', bandId, detail: userId });
      continue;
    }
    if (role !== 'owner' || others.some((o) => o.role === 'owner')) continue;
    const heir = others[0]!;
    await db
      .update(band_managers)
      .set({ role: 'owner' })
      .where(and(eq(band_managers.band_id, bandId), eq(band_managers.user_id, heir.userId)));
    await writeBandAudit(db, { actorId: null, action: 'hand-over', bandId, detail: heir.userId });
  }
}
