/**
 * The practice history's API (issue 18 item 2): upload a batch, download since a cursor (a
 * second device), delete all. Signed-in users only; each reads and writes only their own
 * history. Served by src/server/routes/practiceHistory.ts, called by the sync
 * (src/web/lib/practiceSync.ts).
 */
import { z } from 'zod';
import { defineRoute } from '../api/apiRoute.ts';
import { PRACTICE_LIMITS, practiceRecordSchema, progressMessages } from './practiceRecord.ts';

export const PRACTICE_HISTORY_PATH = '/api/practice-history';

/** A download cursor: the server's row sequence, as text (a bigint). */
const cursorSchema = z.string().regex(/^\d{1,19}$/, 'cursor must be a whole number');

export const progressRoutes = {
  upload: defineRoute({
    method: 'POST',
    pattern: PRACTICE_HISTORY_PATH,
    summary: `Store practice sessions (at most ${PRACTICE_LIMITS.maxBatch}, ${PRACTICE_LIMITS.maxBatchBytes / 1024} KB); a session already stored is skipped`,
    auth: 'user',
    envelope: 'data',
    body: z.object({
      records: z
        .array(practiceRecordSchema)
        .max(PRACTICE_LIMITS.maxBatch, progressMessages.batchTooLarge),
    }),
    response: z.object({
      /** Sessions newly stored (the rest were there already). */
      stored: z.number().int(),
      /** Ids of the batch now on the server (all of them): the client marks these synced. */
      ids: z.array(z.string()),
    }),
  }),
  download: defineRoute({
    method: 'GET',
    pattern: PRACTICE_HISTORY_PATH,
    summary: `Your practice sessions stored after a cursor, ${PRACTICE_LIMITS.pageSize} at a time`,
    auth: 'user',
    envelope: 'data',
    query: z.object({ since: cursorSchema.optional() }),
    response: z.object({
      records: z.array(practiceRecordSchema),
      /** Pass as `since` next time; equals `since` when nothing is new. */
      cursor: cursorSchema,
      more: z.boolean(),
    }),
  }),
  deleteAll: defineRoute({
    method: 'DELETE',
    pattern: PRACTICE_HISTORY_PATH,
    summary: 'Delete all your practice history on the server',
    auth: 'user',
    envelope: 'data',
    response: z.object({ deleted: z.number().int() }),
  }),
};
