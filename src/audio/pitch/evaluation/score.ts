/**
 * Scores a detector's note frames against the labelled segments (issue 4 item 4 metrics):
 * wrong-note rate over steady frames, mean absolute cents error of the right notes, and
 * onset-to-stable latency at every note change.
 */
import { centsBetween } from '../../../music/chanter.ts';
import type { Pitch } from '../../../music/notes.ts';
import type { Hz } from '../../../music/units.ts';
import type { Segment } from './testSet.ts';

export interface NoteFrame {
  /** End of the analysed window, seconds from the start of the signal. */
  readonly time: number;
  readonly pitch: Pitch | null;
  readonly hz: Hz;
}

export interface Score {
  /** Frames whose whole analysis window lies inside one note. */
  readonly steadyFrames: number;
  /** Of those, frames reporting another note or none. */
  readonly wrongFrames: number;
  readonly wrongRate: number;
  /** Over steady frames with the right note: |Hz − labelled Hz| in cents. */
  readonly meanAbsCents: number;
  /** Onset to the first frame of a run of the right note lasting STABLE_SECONDS. */
  readonly latencyMedianMs: number;
  readonly latencyP95Ms: number;
  /** Notes that never became stable (counted as infinitely late in the percentiles). */
  readonly missedOnsets: number;
}

/** A note counts as stable once reported for this long without interruption. */
export const STABLE_SECONDS = 0.02;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i]!;
}

export function score(
  frames: readonly NoteFrame[],
  segments: readonly Segment[],
  windowSeconds: number,
): Score {
  let steady = 0;
  let wrong = 0;
  let centsSum = 0;
  let centsCount = 0;
  const latencies: number[] = [];
  let f = 0;
  for (const segment of segments) {
    while (f < frames.length && frames[f]!.time <= segment.start) f++;
    let stableFrom: number | null = null;
    let runStart: number | null = null;
    for (let g = f; g < frames.length && frames[g]!.time <= segment.end; g++) {
      const frame = frames[g]!;
      const right = frame.pitch === segment.pitch;
      if (frame.time - windowSeconds >= segment.start) {
        steady++;
        if (!right) wrong++;
        else {
          centsSum += Math.abs(centsBetween(frame.hz, segment.hz));
          centsCount++;
        }
      }
      if (stableFrom === null) {
        if (!right) runStart = null;
        else {
          runStart ??= frame.time;
          const lastInSegment = frames[g + 1] === undefined || frames[g + 1]!.time > segment.end;
          if (frame.time - runStart >= STABLE_SECONDS || lastInSegment) stableFrom = runStart;
        }
      }
    }
    latencies.push(stableFrom === null ? Infinity : stableFrom - segment.start);
  }
  latencies.sort((a, b) => a - b);
  return {
    steadyFrames: steady,
    wrongFrames: wrong,
    wrongRate: steady ? wrong / steady : Number.NaN,
    meanAbsCents: centsCount ? centsSum / centsCount : Number.NaN,
    latencyMedianMs: percentile(latencies, 0.5) * 1000,
    latencyP95Ms: percentile(latencies, 0.95) * 1000,
    missedOnsets: latencies.filter((l) => l === Infinity).length,
  };
}
