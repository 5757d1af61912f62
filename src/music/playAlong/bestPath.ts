/**
 * One step of the score follower (./scoreFollower.ts; docs/decisions/022-score-following.md):
 * the cheapest explanation of a few performed events from a place in the score. Each event
 * matches an expected event of its pitch, stands for a melody note played on the wrong pitch,
 * or is an extra note; expected events passed over are missed. A small dynamic programme:
 * rows are performed events, columns how far into the window the path has come.
 */
import type { ExpectedEvent } from './expectedEvents.ts';
import type { PerformedEvent } from './performedEvent.ts';

/** Melody notes the follower may pass over in one step (a skip of a whole beat or two). */
export const MAX_SKIP_MELODY = 3;

// Costs, in units of 'one missed melody note'.
export const SKIP_MELODY = 1;
/** A grace note not heard is a small matter for the alignment (and common). */
const SKIP_GRACE = 0.35;
/** A repeated note whose separating grace was not played cannot be heard as a new onset. */
const SKIP_REPEAT = 0.3;
const WRONG = 0.7;
const EXTRA_LONG = 0.9;
const EXTRA_SHORT = 0.5;
/** Below this a performed note is a blip (crossing noise, a slip), not a melody note. */
const SHORT = 0.06;
/** Seconds of timing error that cost as much as one missed melody note. */
const TIME_SCALE = 0.25;
const TIME_CAP = 2;
const SHORT_FOR_MELODY = 0.4;
/** A grace note matched to a note this long is unlikely: it is the melody note itself. */
const LONG_FOR_GRACE = 0.16;
const LONG_GRACE_COST = 0.5;

export type StepKind = 'match' | 'wrong' | 'extra';

export interface PathStep {
  readonly kind: StepKind;
  /** Expected index matched (or played wrong); -1 for an extra note. */
  readonly target: number;
}

/** What passing over each expected event costs (see the constants). */
export function skipCosts(expected: readonly ExpectedEvent[]): number[] {
  let previousMelody: ExpectedEvent | null = null;
  return expected.map((e) => {
    if (e.kind === 'grace') return e.held ? 0 : SKIP_GRACE;
    const repeated = previousMelody?.pitch === e.pitch;
    previousMelody = e;
    return e.held ? 0 : repeated ? SKIP_REPEAT : SKIP_MELODY;
  });
}

/** The end (exclusive) of the window from `from` holding `melodies` melody notes. */
export function alignmentWindowEnd(
  expected: readonly ExpectedEvent[],
  from: number,
  melodies: number,
): number {
  let count = 0;
  let k = from;
  while (k < expected.length && count < melodies) {
    if (expected[k]!.kind === 'melody') count++;
    k++;
  }
  return k;
}

export interface PathInput {
  readonly expected: readonly ExpectedEvent[];
  readonly skipCost: readonly number[];
  /** The first expected event not yet decided. */
  readonly from: number;
  /** End (exclusive) of the expected events searched. */
  readonly end: number;
  readonly events: readonly PerformedEvent[];
  /** Performance seconds per score second. */
  readonly rate: number;
  /** The last committed match (its onset and expected time), null before the first. */
  readonly anchor: { readonly onset: number; readonly time: number } | null;
  /** The tempo tracker's prediction, used while there is no anchor. */
  readonly predict: (scoreTime: number) => number | null;
}

export function bestPath(input: PathInput): { steps: PathStep[]; position: number } {
  const { expected, skipCost, from, events, rate, predict } = input;
  const n = expected.length;
  const width = input.end - from;
  const rows = events.length + 1;
  const cols = width + 1;
  const cost = new Float64Array(rows * cols).fill(Infinity);
  const fromCol = new Int32Array(rows * cols);
  const kind: StepKind[] = new Array<StepKind>(rows * cols);
  const target = new Int32Array(rows * cols);
  // The last match on each cell's best path (onset, expected time); NaN: none yet. Timing is
  // measured from it, so a pause or a jump costs once, not on every note after it.
  const anchorOnset = new Float64Array(rows * cols).fill(NaN);
  const anchorTime = new Float64Array(rows * cols).fill(NaN);
  cost[0] = 0;
  if (input.anchor) {
    anchorOnset[0] = input.anchor.onset;
    anchorTime[0] = input.anchor.time;
  }
  const expectedAt = (k: number, aOnset: number, aTime: number): number | null =>
    Number.isNaN(aOnset) ? predict(expected[k]!.time) : aOnset + rate * (expected[k]!.time - aTime);
  const timingCost = (event: PerformedEvent, at: number | null) =>
    at === null ? 0 : Math.min(TIME_CAP, Math.abs(event.onset - at) / TIME_SCALE);
  const durationCost = (event: PerformedEvent, e: ExpectedEvent) => {
    if (e.kind === 'grace') return event.duration > LONG_FOR_GRACE ? LONG_GRACE_COST : 0;
    return event.duration < Math.min(SHORT, 0.4 * e.duration * rate) ? SHORT_FOR_MELODY : 0;
  };
  const relax = (
    r: number,
    c: number,
    value: number,
    back: number,
    k: StepKind,
    t: number,
    onset: number,
    time: number,
  ) => {
    const at = r * cols + c;
    if (value < cost[at]!) {
      cost[at] = value;
      fromCol[at] = back;
      kind[at] = k;
      target[at] = t;
      anchorOnset[at] = onset;
      anchorTime[at] = time;
    }
  };
  for (let b = 0; b < events.length; b++) {
    const event = events[b]!;
    for (let s = 0; s < cols; s++) {
      const cell = b * cols + s;
      const c = cost[cell]!;
      if (!Number.isFinite(c)) continue;
      const aOnset = anchorOnset[cell]!;
      const aTime = anchorTime[cell]!;
      // An extra note costs more the further the music should already have moved on: a
      // piper who skipped ahead is not playing 'extra notes' (the recovery case).
      let extra = event.duration < SHORT ? EXTRA_SHORT : EXTRA_LONG;
      if (from + s < n) {
        const due = expectedAt(from + s, aOnset, aTime);
        const length = expected[from + s]!.duration * rate;
        if (due !== null) {
          extra += Math.min(TIME_CAP, Math.max(0, event.onset - due - length) / TIME_SCALE);
        }
      }
      relax(b + 1, s, c + extra, s, 'extra', -1, aOnset, aTime);
      let skipped = 0;
      let melodiesSkipped = 0;
      for (let j = s; j < width; j++) {
        const k = from + j;
        const e = expected[k]!;
        const right = e.pitch === event.note;
        if (right || (e.kind === 'melody' && !e.held)) {
          const value =
            c +
            skipped +
            (right ? 0 : WRONG) +
            timingCost(event, expectedAt(k, aOnset, aTime)) +
            durationCost(event, e);
          relax(b + 1, j + 1, value, s, right ? 'match' : 'wrong', k, event.onset, e.time);
        }
        skipped += skipCost[k]!;
        if (e.kind === 'melody' && ++melodiesSkipped > MAX_SKIP_MELODY) break;
      }
    }
  }
  let best = 0;
  const last = events.length * cols;
  for (let s = 1; s < cols; s++) if (cost[last + s]! < cost[last + best]!) best = s;
  const steps: PathStep[] = [];
  for (let r = events.length, c = best; r > 0; r--) {
    const at = r * cols + c;
    steps.unshift({ kind: kind[at]!, target: target[at]! });
    c = fromCol[at]!;
  }
  return { steps, position: from + best };
}
