/**
 * Battle's JSON routes (issue 17 item 2: 'a Battle table on the leader board'). The match
 * itself is a WebSocket (realtimeRoutes.battle).
 */
import { z } from 'zod';
import { defineRoute } from './apiRoute.ts';

/** The table's length when the caller does not say, and the most it may ask for. */
export const BATTLE_BOARD_DEFAULT = 10;
export const BATTLE_BOARD_MAX = 50;

export const battleBoardRowSchema = z.object({
  rank: z.number().int(),
  /**
   * The player's initials (their profile's, else the first letters of their name): the board
   * is public, so it never shows a name or an id.
   */
  initials: z.string(),
  /** Shown rating: OpenSkill's ordinal μ − 3σ, one decimal (docs/decisions/027-battle.md). */
  rating: z.number(),
  games: z.number().int(),
  wins: z.number().int(),
});
export type BattleBoardRow = z.infer<typeof battleBoardRowSchema>;

export const battleRoutes = {
  leaderboard: defineRoute({
    method: 'GET',
    pattern: '/api/battle/leaderboard',
    summary: 'Battle: the top signed-in players by shown rating (issue 17 item 2)',
    auth: 'public',
    query: z.object({
      limit: z.coerce.number().int().min(1).max(BATTLE_BOARD_MAX).default(BATTLE_BOARD_DEFAULT),
    }),
    response: z.array(battleBoardRowSchema),
  }),
} as const;
