/**
 * Every manager change goes into directory_audit (issue 16 items 3 and 7: the moderation page's
 * audit log shows who invited, accepted, removed, stepped down, handed over or deleted).
 */
import { directory_audit } from '../../db/schema/index.ts';
import type { Reader } from './bandRows.ts';

export type BandAuditAction =
  | 'create'
  | 'delete'
  | 'invite'
  | 'cancel-invite'
  | 'accept-invite'
  | 'remove-manager'
  | 'step-down'
  | 'hand-over'
  | 'orphaned';

export async function writeBandAudit(
  db: Reader,
  entry: { actorId: string | null; action: BandAuditAction; bandId: string; detail?: string },
): Promise<void> {
  await db.insert(directory_audit).values({
    actor_id: entry.actorId,
    action: entry.action,
    kind: 'band',
    listing_id: entry.bandId,
    detail: entry.detail ?? null,
  });
}
