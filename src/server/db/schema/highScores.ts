import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Blaster high scores (spec §3 'High score row'). The (level, score desc) index serves the
 * per-level top-N reads of spec §7 without sorting the table.
 */
export const tblblasterhighscore = pgTable(
  'tblblasterhighscore',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    score: integer('score').notNull(),
    level: integer('level').notNull(),
    struserinitials: text('struserinitials'),
    user_id: uuid('user_id'),
    local_user_id: uuid('local_user_id'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
    /** The game session that produced the score (docs/decisions/008-score-integrity.md). */
    session_id: uuid('session_id'),
  },
  (t) => [
    index('tblblasterhighscore_level_score_idx').on(t.level, t.score.desc(), t.created_at),
    index('tblblasterhighscore_score_idx').on(t.score.desc()),
    index('tblblasterhighscore_local_user_idx').on(t.local_user_id),
    index('tblblasterhighscore_user_idx').on(t.user_id),
    // One score per game session, enforced by the database even under concurrent submits.
    uniqueIndex('tblblasterhighscore_session_idx').on(t.session_id),
  ],
);
