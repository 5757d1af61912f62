/**
 * Where Battle ratings live (issue 17 item 2). The lobby needs only this interface; this sitting
 * ships the in-memory store (one process, lost on restart). The database table behind the
 * leader board's Battle tab, which keeps ratings across restarts and instances (issue 17 item 5:
 * 'no rating is lost'), implements the same interface next.
 */
import { newRating, type BattleRating } from './battleRating.ts';

export interface RatingStore {
  get(userId: string): Promise<BattleRating>;
  /** Stores the ratings after one rated match. */
  save(
    ratings: readonly { readonly userId: string; readonly rating: BattleRating }[],
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
