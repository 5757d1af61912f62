/**
 * A Battle answer (issue 17 items 1 and 3): the melody note with its trace, and the grace notes
 * heard just before it, each with its own trace and how long before the melody note it began.
 * checkAnswer says whether the answer is well formed (null) or why it scores nothing, and
 * answerMatches whether the notes are the ones the prompt asked for.
 */
import type { Chanter } from '../chanter.ts';
import type { Pitch } from '../notes.ts';
import type { Milliseconds } from '../units.ts';
import { expectedNotes, type BattlePrompt } from './battlePrompt.ts';
import {
  traceProblem,
  traceSpan,
  TRACE_MIN_GRACE_READINGS,
  type PlayedNote,
  type TraceProblem,
  type TraceReading,
} from './noteTrace.ts';

export interface PlayedGrace extends PlayedNote {
  /** How long before the melody note's onset this grace note began (ms, > 0). */
  readonly before: Milliseconds;
}

export interface BattleAnswer {
  readonly promptId: string;
  readonly pitch: Pitch;
  readonly trace: readonly TraceReading[];
  readonly graces: readonly PlayedGrace[];
  /** The client's own clock when it sent the answer: only used to spot a replayed message. */
  readonly clientSentAt: number;
}

/** At most this many grace notes (the longest movement in the presets has five). */
export const MAX_ANSWER_GRACES = 8;
/**
 * The first grace note of a movement begins at most this long before the melody note: a
 * learner's slow taorluath or birl is a few hundred ms; 1.5 s is generous.
 */
export const GRACE_WINDOW_MS: Milliseconds = 1_500;

export type AnswerProblem = TraceProblem | 'bad grace notes';

export function checkAnswer(answer: BattleAnswer, chanter: Chanter): AnswerProblem | null {
  const melody = traceProblem({ pitch: answer.pitch, trace: answer.trace }, chanter);
  if (melody) return melody;
  const { graces } = answer;
  if (graces.length > MAX_ANSWER_GRACES) return 'bad grace notes';
  for (const [i, grace] of graces.entries()) {
    const next = graces[i + 1]?.before ?? 0;
    if (!(grace.before > next) || grace.before > GRACE_WINDOW_MS) return 'bad grace notes';
    // A grace note's readings all fall before the next note began.
    if (traceSpan(grace) >= grace.before - next) return 'bad grace notes';
    const problem = traceProblem(grace, chanter, TRACE_MIN_GRACE_READINGS);
    if (problem) return problem;
  }
  return null;
}

/** How long the answer says the player was playing before sending it. */
export function playedSpan(answer: BattleAnswer): Milliseconds {
  return (answer.graces[0]?.before ?? 0) + traceSpan({ pitch: answer.pitch, trace: answer.trace });
}

/** Whether the answer plays exactly the prompt's grace notes, then its note. */
export function answerMatches(answer: BattleAnswer, prompt: BattlePrompt): boolean {
  const played = [...answer.graces.map((g) => g.pitch), answer.pitch];
  const wanted = expectedNotes(prompt);
  return played.length === wanted.length && played.every((p, i) => p === wanted[i]);
}
