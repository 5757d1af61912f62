/**
 * Where in the performance a point of the score should sound: a line from score seconds to
 * performance seconds, fitted to the beats the follower has matched (issue 14 item 2 'tracks
 * tempo drift').
 *
 * Robust by construction, because the beats it learns from are the ones being judged: one
 * late note must not drag the line after it (or every following note would read early). So
 * the slope is the Theil–Sen estimate (median of pairwise slopes) and the offset the median
 * residual, over the last WINDOW beats only, so a steady drift (a piper speeding up by 10%
 * over a tune) is followed within a few notes. Before enough beats span MIN_SPAN_SECONDS the
 * slope stays at its nominal value and only the offset is learnt.
 */
export interface TempoOptions {
  /** Performance seconds per score second expected (1 = the tempo the score was built at). */
  readonly rate?: number;
  /** false: keep the nominal rate and the first anchor (play mode against a metronome). */
  readonly follow?: boolean;
}

/** Beats the fit looks at: about two bars of a march. */
export const WINDOW = 8;
/** Score seconds the beats must span before the slope is estimated. */
export const MIN_SPAN_SECONDS = 1;
/** Pairs closer than this in score time are too noisy to give a slope. */
const MIN_PAIR_SECONDS = 0.25;
/**
 * Two beats in a row this far off the line, the same way, are not two mistakes but the piper
 * having moved on (a pause, a restart): the line starts again from them.
 */
export const REANCHOR_SECONDS = 0.12;
const REANCHOR_STREAK = 2;
/** The slope never leaves this range around the nominal rate (a piper does not halve the tempo). */
const RATE_LIMITS: readonly [number, number] = [0.6, 1.6];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export class TempoTracker {
  private readonly nominal: number;
  private readonly follow: boolean;
  private readonly beats: { score: number; perf: number }[] = [];
  private rateNow: number;
  private offset: number | null = null;
  /** Set by `start`: where score time 0 sounds, until real beats take over. */
  private provisional: number | null = null;
  /** Consecutive beats off the line the same way (sign × count). */
  private streak = 0;

  constructor(options: TempoOptions = {}) {
    this.nominal = options.rate ?? 1;
    this.follow = options.follow ?? true;
    this.rateNow = this.nominal;
  }

  /** Performance seconds per score second now. */
  get rate(): number {
    return this.rateNow;
  }

  get anchored(): boolean {
    return this.offset !== null || this.provisional !== null;
  }

  /** The performance started: score time `score` sounded at `perf` (first note heard). */
  start(score: number, perf: number): void {
    this.provisional = perf - this.rateNow * score;
  }

  /** Where score time `score` should sound, or null before any anchor. */
  predict(score: number): number | null {
    const offset = this.offset ?? this.provisional;
    return offset === null ? null : offset + this.rateNow * score;
  }

  /** A matched beat: score time `score` was heard at `perf`. */
  add(score: number, perf: number): void {
    if (!this.follow && this.offset !== null) return;
    const predicted = this.offset === null ? null : this.predict(score);
    const residual = predicted === null ? 0 : perf - predicted;
    if (Math.abs(residual) > REANCHOR_SECONDS) {
      const sign = Math.sign(residual);
      this.streak = Math.sign(this.streak) === sign ? this.streak + sign : sign;
    } else this.streak = 0;
    if (this.follow && Math.abs(this.streak) >= REANCHOR_STREAK) {
      this.beats.splice(0, this.beats.length - (REANCHOR_STREAK - 1));
      this.streak = 0;
    }
    this.beats.push({ score, perf });
    if (this.beats.length > WINDOW) this.beats.shift();
    if (!this.follow) {
      this.offset = perf - this.rateNow * score;
      return;
    }
    const beats = this.beats;
    const span = beats[beats.length - 1]!.score - beats[0]!.score;
    if (beats.length >= 3 && span >= MIN_SPAN_SECONDS) {
      const slopes: number[] = [];
      for (let i = 0; i < beats.length; i++) {
        for (let j = i + 1; j < beats.length; j++) {
          const ds = beats[j]!.score - beats[i]!.score;
          if (ds >= MIN_PAIR_SECONDS) slopes.push((beats[j]!.perf - beats[i]!.perf) / ds);
        }
      }
      if (slopes.length > 0) {
        const [lo, hi] = RATE_LIMITS;
        this.rateNow = Math.min(this.nominal * hi, Math.max(this.nominal * lo, median(slopes)));
      }
    }
    this.offset = median(beats.map((b) => b.perf - this.rateNow * b.score));
  }
}
