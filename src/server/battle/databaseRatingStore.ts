/**
 * Battle ratings in the database (issue 17 items 2 and 5; table battle_ratings, migration 0007):
 * read when a signed-in player joins and at the end of a rated match, written once per rated
 * match. A player with no row has the library's new rating.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { battle_ratings } from '../db/schema/battle.ts';
import { newRating, shownRating } from './battleRating.ts';
import type { RatingStore } from './ratingStore.ts';

export function databaseRatingStore(database: Database): RatingStore {
  const { db } = database;
  return {
    async get(userId) {
      const [row] = await db
        .select({ mu: battle_ratings.mu, sigma: battle_ratings.sigma })
        .from(battle_ratings)
        .where(eq(battle_ratings.user_id, userId));
      return row ?? newRating();
    },
    async save(list) {
      await db.transaction(async (tx) => {
        for (const { userId, rating, won } of list) {
          const shown = shownRating(rating);
          const win = won ? 1 : 0;
          await tx
            .insert(battle_ratings)
            .values({ user_id: userId, ...rating, shown, games: 1, wins: win })
            .onConflictDoUpdate({
              target: battle_ratings.user_id,
              set: {
                mu: rating.mu,
                sigma: rating.sigma,
                shown,
                games: sql`${battle_ratings.games} + 1`,
                wins: sql`${battle_ratings.wins} + ${win}`,
                updated_at: sql`now()`,
              },
            });
        }
      });
    },
  };
}
