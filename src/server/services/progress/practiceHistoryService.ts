/**
 * The practice history on the server (issue 18 item 2): append-only rows keyed by the
 * device-made session id, so uploads are idempotent and devices never conflict. Takes `db`;
 * never imports fastify.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  PRACTICE_LIMITS,
  progressMessages,
  type PracticeRecord,
} from '../../../contracts/progress/practiceRecord.ts';
import type { Database } from '../../db/client.ts';
import { practice_sessions } from '../../db/schema/practiceHistory.ts';
import { ApiError, badRequest } from '../errors.ts';

export interface UploadAnswer {
  readonly stored: number;
  readonly ids: string[];
}

/**
 * Stores the records not yet stored for this user, all or nothing: a batch that would take
 * the account past maxRowsPerUser is refused whole (409 history_full), so the client keeps
 * every record locally and nothing is half-synced.
 */
export async function uploadPractice(
  database: Database,
  userId: string,
  records: readonly PracticeRecord[],
  maxRows: number = PRACTICE_LIMITS.maxRowsPerUser,
): Promise<UploadAnswer> {
  if (records.length === 0) return { stored: 0, ids: [] };
  const ids = records.map((r) => r.id.toLowerCase());
  if (new Set(ids).size !== ids.length) throw badRequest(progressMessages.duplicateIds);
  return database.db.transaction(async (tx) => {
    const mine = eq(practice_sessions.user_id, userId);
    const [have] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(practice_sessions)
      .where(mine);
    const known = await tx
      .select({ id: practice_sessions.id })
      .from(practice_sessions)
      .where(and(mine, inArray(practice_sessions.id, ids)));
    const fresh = ids.length - known.length;
    if (Number(have?.n ?? 0) + fresh > maxRows) {
      throw new ApiError(409, 'history_full', progressMessages.historyFull);
    }
    const inserted = await tx
      .insert(practice_sessions)
      .values(records.map((record, i) => ({ user_id: userId, id: ids[i]!, record })))
      .onConflictDoNothing({ target: [practice_sessions.user_id, practice_sessions.id] })
      .returning({ id: practice_sessions.id });
    return { stored: inserted.length, ids };
  });
}

export interface DownloadAnswer {
  readonly records: PracticeRecord[];
  readonly cursor: string;
  readonly more: boolean;
}

/** This user's records stored after `since` (a row sequence), oldest first. */
export async function downloadPractice(
  database: Database,
  userId: string,
  since: string | undefined,
  pageSize: number = PRACTICE_LIMITS.pageSize,
): Promise<DownloadAnswer> {
  const after = BigInt(since ?? '0');
  const rows = await database.db
    .select({ seq: practice_sessions.seq, record: practice_sessions.record })
    .from(practice_sessions)
    .where(and(eq(practice_sessions.user_id, userId), gt(practice_sessions.seq, after)))
    .orderBy(asc(practice_sessions.seq))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    records: page.map((r) => r.record),
    cursor: String(last ? last.seq : after),
    more: rows.length > pageSize,
  };
}

export async function deletePractice(database: Database, userId: string): Promise<number> {
  const gone = await database.db
    .delete(practice_sessions)
    .where(eq(practice_sessions.user_id, userId))
    .returning({ id: practice_sessions.id });
  return gone.length;
}
