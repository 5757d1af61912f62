/**
 * The curation audit log (issue 15 item 8: 'an audit log of who did what'). Written inside
 * the action's own transaction, so an action and its log row stand or fall together.
 */
import type { SessionUser } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { library_audit } from '../../db/schema/index.ts';

/** A transaction or the database itself. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who acted: a signed-in administrator, or a script presenting ADMIN_TOKEN. */
export interface Curator {
  readonly id: string | null;
  readonly label: string;
}

export function curatorOf(user: SessionUser | null): Curator {
  return user ? { id: user.id, label: user.email } : { id: null, label: 'admin token' };
}

export type AuditAction =
  | 'approve'
  | 'reject'
  | 'edit'
  | 'merge'
  | 'feature'
  | 'unfeature'
  | 'report-upheld'
  | 'report-dismissed';

export async function writeAudit(
  db: DbOrTx,
  curator: Curator,
  action: AuditAction,
  targetKind: 'setting' | 'tune' | 'report',
  targetId: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await db.insert(library_audit).values({
    actor_id: curator.id,
    actor_label: curator.label,
    action,
    target_kind: targetKind,
    target_id: targetId,
    detail,
  });
}
