/**
 * Blaster's level rules as far as the server needs them to judge a score (issue 7 part 3,
 * docs/decisions/008-score-integrity.md). Levels 1 to 5 (spec §9 'Leaderboard'). A level
 * launches at most `notesPerSecond` targets; each hit is worth `pointsPerNote`, multiplied by
 * the combo, which is capped at MAX_COMBO_MULTIPLIER. So no honest game can earn more than
 * notesPerSecond × pointsPerNote × MAX_COMBO_MULTIPLIER points per second of play.
 *
 * The game (issue 7 part 4) must score by these numbers; the server refuses anything above
 * them for the time a game session has been running.
 */

export const BLASTER_LEVELS = [1, 2, 3, 4, 5] as const;
export type BlasterLevel = (typeof BLASTER_LEVELS)[number];

export interface BlasterLevelRules {
  /** Most targets launched per second. */
  readonly notesPerSecond: number;
  /** Points for one target blasted, before the combo multiplier. */
  readonly pointsPerNote: number;
}

export const MAX_COMBO_MULTIPLIER = 4;

export const blasterLevelRules: Readonly<Record<BlasterLevel, BlasterLevelRules>> = {
  1: { notesPerSecond: 1, pointsPerNote: 10 },
  2: { notesPerSecond: 1.5, pointsPerNote: 20 },
  3: { notesPerSecond: 2, pointsPerNote: 30 },
  4: { notesPerSecond: 2.5, pointsPerNote: 40 },
  5: { notesPerSecond: 3, pointsPerNote: 50 },
};

/** Allowance for network and clock differences between the game's start and the session's. */
export const SCORE_SLACK_SECONDS = 2;

/** A game session older than this cannot take a score (a game is minutes long). */
export const MAX_SESSION_SECONDS = 3 * 60 * 60;

export function isBlasterLevel(value: unknown): value is BlasterLevel {
  return typeof value === 'number' && (BLASTER_LEVELS as readonly number[]).includes(value);
}

export function maxPointsPerSecond(level: BlasterLevel): number {
  const rules = blasterLevelRules[level];
  return rules.notesPerSecond * rules.pointsPerNote * MAX_COMBO_MULTIPLIER;
}

/** The highest score the level's rules allow after `elapsedSeconds` of play. */
export function maxScoreFor(level: BlasterLevel, elapsedSeconds: number): number {
  const seconds = Math.max(0, elapsedSeconds) + SCORE_SLACK_SECONDS;
  return Math.floor(seconds * maxPointsPerSecond(level));
}
