import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { authUser } from './auth.ts';

/**
 * Battle ratings of signed-in players (issue 17 item 2; docs/decisions/027-battle.md): the
 * OpenSkill rating as the library keeps it (mu, sigma) and the shown number (ordinal) the
 * leader board's Battle table sorts by, with games played and won. Kept in the database so no
 * rating is lost when an instance stops (issue 17 item 5).
 */
export const battle_ratings = pgTable(
  'battle_ratings',
  {
    user_id: text('user_id')
      .primaryKey()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    shown: doublePrecision('shown').notNull(),
    games: integer('games').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('battle_ratings_shown_idx').on(t.shown.desc())],
);
