/**
 * The leader board's Battle table (issue 17 item 2): signed-in players by shown rating, read
 * from battle_ratings (its descending index on `shown` serves the order and the limit). Banned
 * players are left out. Names stay private: the board shows initials.
 */
import { asc, desc, eq, isNull, or } from 'drizzle-orm';
import type { BattleBoardRow } from '../../contracts/api/battleRoutes.ts';
import type { Database } from '../db/client.ts';
import { authUser } from '../db/schema/auth.ts';
import { battle_ratings } from '../db/schema/battle.ts';

/** Profile initials (spec §5: up to 3), else the first letters of up to three words of the name. */
export function boardInitials(initials: string | null, name: string): string {
  const own = initials?.trim();
  if (own) return own.slice(0, 3).toUpperCase();
  const letters = name
    .split(/\s+/)
    .map((word) => [...word][0] ?? '')
    .join('')
    .slice(0, 3)
    .toUpperCase();
  return letters || '?';
}

export async function battleLeaderboard(
  database: Database,
  limit: number,
): Promise<BattleBoardRow[]> {
  const rows = await database.db
    .select({
      initials: authUser.initials,
      name: authUser.name,
      shown: battle_ratings.shown,
      games: battle_ratings.games,
      wins: battle_ratings.wins,
    })
    .from(battle_ratings)
    .innerJoin(authUser, eq(authUser.id, battle_ratings.user_id))
    .where(or(isNull(authUser.banned), eq(authUser.banned, false)))
    .orderBy(desc(battle_ratings.shown), desc(battle_ratings.wins), asc(battle_ratings.user_id))
    .limit(limit);
  return rows.map((row, i) => ({
    rank: i + 1,
    initials: boardInitials(row.initials, row.name),
    rating: Math.round(row.shown * 10) / 10,
    games: row.games,
    wins: row.wins,
  }));
}
