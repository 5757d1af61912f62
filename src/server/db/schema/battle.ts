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

/**
 * The Battle lobby shared by every server instance (issue 17 item 5;
 * docs/decisions/028-battle-across-instances.md): private room codes and quick-match entries,
 * each owned by the instance whose player is waiting there. A player on another instance finds
 * a room here by its code, or claims a quick-match partner (rows locked and deleted in one
 * transaction, so two instances never take the same player), then plays through the owner.
 * Nothing here outlives a match: rows go when they are joined, left or the instance stops.
 */
export const battle_lobby = pgTable(
  'battle_lobby',
  {
    id: text('id').primaryKey(),
    /** 'room' or 'quick'. */
    kind: text('kind').notNull(),
    /** A room's short code (unique across instances); null for quick match. */
    code: text('code').unique(),
    /** The owning instance's id: its LISTEN channel is battle_<instance>. */
    instance: text('instance').notNull(),
    level: integer('level').notNull(),
    /** 'user:<id>' or 'local:<id>': one person in two tabs is never paired with themselves. */
    identity: text('identity').notNull(),
    /** Shown rating (0 for anonymous and new players). */
    rating: doublePrecision('rating').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('battle_lobby_quick_idx').on(t.kind, t.level, t.created_at),
    index('battle_lobby_instance_idx').on(t.instance),
  ],
);
