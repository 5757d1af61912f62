import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PracticeRecord } from '../../../contracts/progress/practiceRecord.ts';
import { authUser } from './auth.ts';

/**
 * Practice sessions synced from a user's devices (issue 18 item 2). Append-only: the key is
 * (user_id, id), the id made on the device, and an upload inserts with ON CONFLICT DO NOTHING,
 * so the same session sent twice is stored once. `seq` orders rows for the download cursor (a
 * second device asks for rows after the last seq it saw). Rows go with the account (cascade).
 */
export const practice_sessions = pgTable(
  'practice_sessions',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    /** The record as the device made it, validated by practiceRecordSchema. */
    record: jsonb('record').$type<PracticeRecord>().notNull(),
    received_at: timestamp('received_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.id] }),
    index('practice_sessions_user_seq_idx').on(t.user_id, t.seq),
  ],
);
