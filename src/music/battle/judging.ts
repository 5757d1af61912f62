/**
 * Judging by the server's clock (issue 17 item 3): who played first, each player's network delay
 * compensated up to a cap, and answers whose timing no human could manage refused. Pure: times
 * are plain milliseconds on the server's clock, passed in.
 *
 * The server stamps when it sent a prompt (S) and when an answer arrived (A). Half a player's
 * measured round trip (their one-way delay, capped at MAX_COMPENSATION_MS) is taken off both
 * legs: the prompt reached them at S + c and they sent the answer at A − c. Who played first is
 * decided by A − c alone — never by anything the client claims, because a client could claim
 * anything. The cap means a player who fakes a slow connection (late pongs) gains at most
 * 150 ms, and a genuinely slow one is not out of the game.
 */
import type { Milliseconds } from '../units.ts';

/** The cap on ping compensation. */
export const MAX_COMPENSATION_MS: Milliseconds = 150;

/**
 * No human reacts to a prompt faster than this: the sprint start rules (World Athletics rule
 * 16.6) call a start within 100 ms of the gun a false start for the same reason.
 */
export const MIN_REACTION_MS: Milliseconds = 100;

/** Round trips kept per player: the median of the last few ignores one slow packet. */
export const PING_SAMPLES = 5;

/** The one-way delay to use: half the median of recent round trips, capped; 0 before any. */
export function compensationFor(roundTrips: readonly Milliseconds[]): Milliseconds {
  const valid = roundTrips.filter((r) => Number.isFinite(r) && r >= 0);
  if (valid.length === 0) return 0;
  const sorted = [...valid].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.min(MAX_COMPENSATION_MS, median / 2);
}

export type ConnectionQuality = 'unknown' | 'good' | 'fair' | 'poor';

/**
 * Shown to both players (issue 17 item 3). 'poor' starts where compensation is capped: past a
 * 300 ms round trip that player is at a real disadvantage.
 */
export function connectionQuality(roundTrips: readonly Milliseconds[]): ConnectionQuality {
  if (roundTrips.length === 0) return 'unknown';
  const oneWay = compensationFor(roundTrips);
  if (oneWay < 50) return 'good';
  if (oneWay < MAX_COMPENSATION_MS) return 'fair';
  return 'poor';
}

export interface Timing {
  /** When the player sent the answer, on the server's clock: what 'first' is decided by. */
  readonly playedAt: Milliseconds;
  /** From the prompt reaching the player to the answer leaving them. */
  readonly reactionMs: Milliseconds;
}

export function timingOf(
  promptSentAt: Milliseconds,
  arrivedAt: Milliseconds,
  compensation: Milliseconds,
): Timing {
  const c = Math.min(MAX_COMPENSATION_MS, Math.max(0, compensation));
  const playedAt = arrivedAt - c;
  return { playedAt, reactionMs: playedAt - (promptSentAt + c) };
}

/**
 * Whether the timing is humanly possible: the player must have seen the prompt, reacted
 * (MIN_REACTION_MS) and then played for as long as their own answer says (`playedSpan`: the
 * grace notes and the trace of the melody note) before sending it. Claiming a long performance
 * only makes an answer easier to refuse, never earlier.
 */
export function isPossible(timing: Timing, playedSpan: Milliseconds): boolean {
  return timing.reactionMs >= MIN_REACTION_MS + Math.max(0, playedSpan);
}
