/**
 * The results screen's figures (issue 17 item 1: 'a results screen with each player's reaction
 * times and accuracy per note'), from a match's round records. Pure.
 */
import type { Pitch } from '../notes.ts';
import type { Milliseconds } from '../units.ts';
import type { MatchState, RoundRecord } from './battleMatch.ts';

export interface NoteAccuracy {
  /** Rounds that asked for this note (as the target). */
  readonly asked: number;
  /** Rounds where the player played it right (first or not). */
  readonly right: number;
  readonly wrongNotes: number;
  readonly meanReactionMs: Milliseconds | null;
}

export interface PlayerResults {
  readonly player: string;
  readonly score: number;
  readonly pointsWon: number;
  /** Reaction of every right answer, in round order. */
  readonly reactionsMs: readonly Milliseconds[];
  readonly meanReactionMs: Milliseconds | null;
  readonly bestReactionMs: Milliseconds | null;
  /** Right answers / (right answers + wrong notes); null when nothing was played. */
  readonly accuracy: number | null;
  readonly perNote: Partial<Record<Pitch, NoteAccuracy>>;
}

const mean = (xs: readonly number[]) =>
  xs.length === 0 ? null : Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);

function resultsOf(player: string, score: number, rounds: readonly RoundRecord[]): PlayerResults {
  const reactions = rounds.flatMap((r) => (r.reactionMs === null ? [] : [r.reactionMs]));
  const wrong = rounds.reduce((n, r) => n + r.wrongNotes, 0);
  const perNote: Partial<Record<Pitch, NoteAccuracy>> = {};
  for (const pitch of new Set(rounds.map((r) => r.prompt.target))) {
    const mine = rounds.filter((r) => r.prompt.target === pitch);
    const times = mine.flatMap((r) => (r.reactionMs === null ? [] : [r.reactionMs]));
    perNote[pitch] = {
      asked: mine.length,
      right: times.length,
      wrongNotes: mine.reduce((n, r) => n + r.wrongNotes, 0),
      meanReactionMs: mean(times),
    };
  }
  const played = reactions.length + wrong;
  return {
    player,
    score,
    pointsWon: rounds.filter((r) => r.won).length,
    reactionsMs: reactions,
    meanReactionMs: mean(reactions),
    bestReactionMs: reactions.length ? Math.min(...reactions) : null,
    accuracy: played === 0 ? null : reactions.length / played,
    perNote,
  };
}

export function matchResults(state: MatchState): readonly PlayerResults[] {
  return state.players.map((p) => resultsOf(p.id, p.score, p.rounds));
}
