/**
 * How strictly a performance is judged (issue 14 item 2): the timing windows of a melody note
 * and the longest a grace note may last, scaled by one difficulty setting.
 *
 * The figures at 'standard' are the issue's: on time within ±30 ms, good within ±60 ms, early
 * or late beyond. Grace notes are judged in absolute milliseconds because they do not stretch
 * with tempo (../tune/graceTiming.ts: 25–40 ms whatever the tempo); a grace played at over
 * GRACE_TOO_SLOW_MS is heard as a note of its own rather than a cut, which is what teachers
 * mean by 'too slow' (the doubling's held middle note is 48 ms in the table, so 80 ms leaves
 * room for it and for the detector's few milliseconds of smearing).
 */
export type Difficulty = 'relaxed' | 'standard' | 'strict';

/** Window scale per difficulty: relaxed doubles every window, strict takes a third off. */
export const DIFFICULTY_SCALE: Readonly<Record<Difficulty, number>> = {
  relaxed: 2,
  standard: 1,
  strict: 2 / 3,
};

export const ON_TIME_MS = 30;
export const GOOD_MS = 60;
export const GRACE_TOO_SLOW_MS = 80;

export interface JudgeWindows {
  /** |offset| ≤ this: on time (seconds). */
  readonly onTime: number;
  /** |offset| ≤ this: good (seconds); beyond: early or late. */
  readonly good: number;
  /** A grace note longer than this is too slow (seconds). */
  readonly graceTooSlow: number;
}

export function judgeWindows(difficulty: Difficulty = 'standard'): JudgeWindows {
  const k = DIFFICULTY_SCALE[difficulty];
  return {
    onTime: (ON_TIME_MS / 1000) * k,
    good: (GOOD_MS / 1000) * k,
    graceTooSlow: (GRACE_TOO_SLOW_MS / 1000) * k,
  };
}

export type TimingVerdict = 'on-time' | 'good' | 'early' | 'late';

/** The timing verdict of a melody note heard `offset` seconds from where it was expected. */
export function timingVerdict(offset: number, windows: JudgeWindows): TimingVerdict {
  const size = Math.abs(offset);
  if (size <= windows.onTime) return 'on-time';
  if (size <= windows.good) return 'good';
  return offset < 0 ? 'early' : 'late';
}
