/**
 * What the judge says about each expected event and each embellishment (issue 14 item 2).
 * The vocabulary is the one `npm run playalong --json` prints (issue 14 item 6).
 */
import type { Pitch } from '../notes.ts';
import type { EmbellishmentFamily } from '../tune/tune.ts';
import type { ExpectedEvent } from './expectedEvents.ts';
import type { TimingVerdict } from './judgeWindows.ts';

export type EventVerdict = 'correct' | 'early' | 'late' | 'wrong' | 'missed';

export interface EventJudgement {
  readonly expected: ExpectedEvent;
  /** The note heard for it, null when nothing was. */
  readonly heard: Pitch | null;
  /** Onset and length of the performed event matched to it (null when none was). */
  readonly onset: number | null;
  readonly duration: number | null;
  /**
   * Seconds from where the follower expected it; for a melody note this is the start of its
   * movement (the beat) against where the beat should sound. Null when not measured.
   */
  readonly offset: number | null;
  readonly verdict: EventVerdict;
  /** The finer timing verdict of a correct or mistimed melody note. */
  readonly timing: TimingVerdict | null;
}

export type EmbellishmentVerdict =
  'complete' | 'missing-graces' | 'wrong-order' | 'crossing-noise' | 'too-slow';

export interface EmbellishmentJudgement {
  /** Index of the melody event the embellishment is played on. */
  readonly melody: number;
  readonly code: string;
  readonly family: EmbellishmentFamily;
  readonly bar: number;
  /** The first fault found, in this order of weight: order, missing, noise, too slow. */
  readonly verdict: EmbellishmentVerdict;
  /** Expected indices of the grace notes not heard. */
  readonly missing: readonly number[];
  /** Short notes heard inside the movement that are not in it. */
  readonly noise: readonly Pitch[];
  /** Seconds each expected grace sounded for (null when not heard). */
  readonly graceDurations: readonly (number | null)[];
  /** Every fault found, not only the first. */
  readonly faults: readonly EmbellishmentVerdict[];
}

/** A performed note that matches nothing expected (played in addition). */
export interface ExtraNote {
  readonly onset: number;
  readonly duration: number;
  readonly note: Pitch;
}
