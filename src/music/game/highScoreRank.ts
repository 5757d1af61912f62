/**
 * The new-high-score check of spec §9 ('New-high-score check'): a score is compared with the
 * top 10 of its level. With fewer than 10 scores it qualifies at rank count+1; otherwise it
 * qualifies only if it beats the tenth score, and its rank is the first position it beats.
 *
 * The rule is taken literally (DESIGN: every rule of the spec is a requirement): with fewer than
 * ten scores the rank is count+1 even when the new score is higher than some of them.
 */

/** Spec §9: the check reads the top 10 scores for a level. */
export const RANK_CHECK_SIZE = 10;

/**
 * The rank (1-based) a new score would take, or null when it does not qualify.
 * `topScores` are the level's best scores, highest first (at most RANK_CHECK_SIZE are read).
 */
export function newHighScoreRank(score: number, topScores: readonly number[]): number | null {
  const top = topScores.slice(0, RANK_CHECK_SIZE);
  if (top.length < RANK_CHECK_SIZE) return top.length + 1;
  const tenth = top[RANK_CHECK_SIZE - 1]!;
  // 'Beats' is strictly greater: equalling the tenth score does not displace it.
  if (!(score > tenth)) return null;
  const position = top.findIndex((existing) => score > existing);
  return position + 1;
}

/** True when the score earns a place on the level's board (spec §9). */
export function isNewHighScore(score: number, topScores: readonly number[]): boolean {
  return newHighScoreRank(score, topScores) !== null;
}
