import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Blaster game sessions (issue 7 part 3, docs/decisions/008-score-integrity.md). The server
 * starts a session before a game; a score names its session, which takes one score only.
 * Times are the database's clock, so every instance judges elapsed time the same way.
 */
export const tblgamesession = pgTable(
  'tblgamesession',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    local_user_id: uuid('local_user_id').notNull(),
    level: integer('level').notNull(),
    seed: integer('seed').notNull(),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
    /** Set when the session's score is accepted; a second score is a replay. */
    submitted_at: timestamp('submitted_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('tblgamesession_local_user_idx').on(t.local_user_id),
    index('tblgamesession_started_idx').on(t.started_at),
  ],
);
