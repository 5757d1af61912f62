/**
 * Battle ratings (issue 17 item 2: 'a well-known rating system from a library, not home-made';
 * docs/decisions/027-battle.md). OpenSkill (openskill 5, Weng–Lin Bayesian rating with the
 * Plackett–Luce model, the library's default) is a maintained, patent-free relative of TrueSkill;
 * DESIGN.md's stack table names it. This is the only module that imports it: a rating is
 * { mu, sigma } as the library keeps it, and the number shown on the leader board is its
 * conservative estimate (ordinal: mu − 3σ), which starts at 0 and rises as a player proves
 * themselves.
 *
 * Only matches between two signed-in players are rated (bot matches and anonymous players are
 * not: a bot at a fixed level could be farmed). Forfeits and leaving count as losses
 * (issue 17 item 4); an abandoned match (everyone gone, or the server stopping) changes nothing.
 */
import { ordinal, rate, rating } from 'openskill';
import type { MatchOutcome } from '../../music/battle/battleMatch.ts';

export interface BattleRating {
  readonly mu: number;
  readonly sigma: number;
}

/** A new player's rating: the library's defaults (mu 25, sigma 25/3). */
export function newRating(): BattleRating {
  return rating();
}

/** The number a player sees and the leader board sorts by. */
export function shownRating(r: BattleRating): number {
  return Math.round(ordinal(r) * 10) / 10;
}

/**
 * The two ratings after a match between `a` (player id `aId`) and `b`, or null when the match
 * counts for nothing (abandoned).
 */
export function rateMatch(
  aId: string,
  a: BattleRating,
  b: BattleRating,
  outcome: MatchOutcome | null,
): [BattleRating, BattleRating] | null {
  if (!outcome) return null;
  const aWon = outcome.kind !== 'draw' && outcome.winner === aId;
  // Lower rank is better; equal ranks are a draw.
  const rank = outcome.kind === 'draw' ? [1, 1] : aWon ? [1, 2] : [2, 1];
  const [[na], [nb]] = rate([[a], [b]], { rank });
  return [
    { mu: na.mu, sigma: na.sigma },
    { mu: nb.mu, sigma: nb.sigma },
  ];
}
