/**
 * Where Battle ratings live (issue 17 item 2). The lobby needs only this interface: the server
 * uses the database (databaseRatingStore.ts: kept across restarts and instances, issue 17 item 5
 * 'no rating is lost'); unit tests use this in-memory one.
 */
import { newRating, type BattleRating } from './battleRating.ts';

export interface RatingStore {
  get(userId: string): Promise<BattleRating>;
  /** Stores the ratings after one rated match (`won`: false for a loss or a draw). */
  save(
    ratings: readonly {
      readonly userId: string;
      readonly rating: BattleRating;
      readonly won?: boolean;
    }[],
  ): Promise<void>;
}

export function memoryRatingStore(): RatingStore {
  const ratings = new Map<string, BattleRating>();
  return {
    get: async (userId) => ratings.get(userId) ?? newRating(),
    async save(list) {
      for (const { userId, rating } of list) ratings.set(userId, rating);
    },
  };
}
