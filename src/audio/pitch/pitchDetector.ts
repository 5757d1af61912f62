/**
 * The pitch detector core: one estimate from one short window of samples. Pure TypeScript on
 * Float32Array (no DOM, no Node), so the same code runs in the AudioWorklet, in tests and in
 * `npm run detect` (issue 4, item 2).
 *
 * Method: McLeod's normalized square difference function (NSDF; McLeod & Wyvill, "A smarter
 * way to find pitch", ICMC 2005) in its fixed-length ("type II") form, evaluated only on the
 * lags of the chanter's range (~380–1100 Hz). Restricting the lags is what makes a 512-sample
 * window possible (pitchy needs 2048 to search every lag) and removes most octave traps:
 * an octave below Low G or above High A cannot be reported at all. Within the range, the
 * smallest-lag peak that is nearly as strong as the best one wins, which keeps High A from
 * falling to its sub-octave (Low A's lag is also in range) while a strong 2nd harmonic is not
 * enough to jump an octave up (that needs odd harmonics to vanish, see the tests).
 */
import type { Hz } from '../../music/units.ts';

export interface PitchEstimate {
  /** Fundamental frequency; 0 when nothing periodic was found. */
  readonly hz: Hz;
  /** Peak NSDF value, 0…1: how periodic the window is (1 = perfectly). */
  readonly clarity: number;
}

export interface PitchDetectorOptions {
  readonly sampleRate: number;
  /** Lowest fundamental searched; below Low G of any plausible chanter. */
  readonly minHz?: Hz;
  /** Highest fundamental searched; above High A of any plausible chanter. */
  readonly maxHz?: Hz;
  /** Samples per analysis window (issue 4 target: ≤ 512). */
  readonly windowSize?: number;
  /** A peak within this fraction of the best peak, at a smaller lag, is preferred. */
  readonly peakRatio?: number;
  /** Windows quieter than this RMS (after gain) are silence: no pitch, clarity 0. */
  readonly silenceRms?: number;
}

export const SILENT: PitchEstimate = { hz: 0, clarity: 0 };

export class PitchDetector {
  readonly sampleRate: number;
  readonly windowSize: number;
  private readonly minLag: number;
  private readonly maxLag: number;
  /** Correlation length: the window minus the largest lag. */
  private readonly span: number;
  private readonly peakRatio: number;
  private readonly silenceRms: number;
  private readonly x: Float32Array;
  private readonly nsdf: Float64Array;
  private readonly energy: Float64Array;

  constructor(options: PitchDetectorOptions) {
    const { sampleRate, minHz = 380, maxHz = 1100, windowSize = 512 } = options;
    this.sampleRate = sampleRate;
    this.windowSize = windowSize;
    this.peakRatio = options.peakRatio ?? 0.9;
    this.silenceRms = options.silenceRms ?? 1e-3;
    // One lag of margin each side so a peak at the range's edge still has two neighbours.
    this.minLag = Math.max(2, Math.floor(sampleRate / maxHz) - 1);
    this.maxLag = Math.ceil(sampleRate / minHz) + 1;
    this.span = windowSize - this.maxLag;
    if (this.span < this.maxLag) {
      // Fewer than ~2 periods of the lowest note: the NSDF would be meaningless.
      throw new Error(
        `Window of ${windowSize} samples is too short for ${minHz} Hz at ${sampleRate} Hz.`,
      );
    }
    this.x = new Float32Array(windowSize);
    this.nsdf = new Float64Array(this.maxLag + 1);
    this.energy = new Float64Array(windowSize + 1);
  }

  /**
   * Estimate the pitch of the last `windowSize` samples of `samples` (earlier samples are
   * ignored, so a caller may pass a longer buffer). `gain` only matters for the silence gate:
   * the NSDF itself does not depend on level.
   */
  estimate(samples: Float32Array, gain = 1): PitchEstimate {
    const n = this.windowSize;
    if (samples.length < n) return SILENT;
    const x = this.x;
    const start = samples.length - n;
    let mean = 0;
    for (let i = 0; i < n; i++) mean += samples[start + i]!;
    mean /= n;
    // Remove DC: a microphone offset would otherwise correlate at every lag.
    const energy = this.energy;
    energy[0] = 0;
    for (let i = 0; i < n; i++) {
      const v = samples[start + i]! - mean;
      x[i] = v;
      energy[i + 1] = energy[i]! + v * v;
    }
    if (Math.sqrt(energy[n]! / n) * gain < this.silenceRms) return SILENT;

    const w = this.span;
    const head = energy[w]!;
    const nsdf = this.nsdf;
    for (let lag = this.minLag; lag <= this.maxLag; lag++) {
      // Four partial sums: shorter dependency chains let the JIT pipeline the multiplies.
      let r0 = 0;
      let r1 = 0;
      let r2 = 0;
      let r3 = 0;
      let j = 0;
      for (; j + 3 < w; j += 4) {
        r0 += x[j]! * x[j + lag]!;
        r1 += x[j + 1]! * x[j + lag + 1]!;
        r2 += x[j + 2]! * x[j + lag + 2]!;
        r3 += x[j + 3]! * x[j + lag + 3]!;
      }
      for (; j < w; j++) r0 += x[j]! * x[j + lag]!;
      const r = r0 + r1 + r2 + r3;
      const m = head + energy[lag + w]! - energy[lag]!;
      nsdf[lag] = m > 0 ? (2 * r) / m : 0;
    }
    return this.pick();
  }

  private pick(): PitchEstimate {
    const nsdf = this.nsdf;
    let best = -1;
    for (let lag = this.minLag + 1; lag < this.maxLag; lag++) {
      const v = nsdf[lag]!;
      if (v > 0 && v >= nsdf[lag - 1]! && v > nsdf[lag + 1]! && (best < 0 || v > nsdf[best]!)) {
        best = lag;
      }
    }
    if (best < 0) return SILENT;
    const threshold = this.peakRatio * nsdf[best]!;
    let chosen = best;
    for (let lag = this.minLag + 1; lag < best; lag++) {
      const v = nsdf[lag]!;
      if (v >= threshold && v >= nsdf[lag - 1]! && v > nsdf[lag + 1]!) {
        chosen = lag;
        break;
      }
    }
    const a = nsdf[chosen - 1]!;
    const b = nsdf[chosen]!;
    const c = nsdf[chosen + 1]!;
    const [parabolic, peak] = parabola(a, b, c);
    // A parabola through the logarithms (Gaussian interpolation) fits the rounded top of an
    // autocorrelation peak better: at 22.05 kHz the worst error on a synthetic reed-like tone
    // falls from 2.5 to 0.7 cents, and on the corpus tune at 48 kHz the mean from 0.49 to
    // 0.47. (On bright recordings at 22.05 kHz it can be ~1 cent off: prefer ≥ 44.1 kHz.)
    // Only possible when all three values are positive.
    const offset = a > 0 && c > 0 ? parabola(Math.log(a), Math.log(b), Math.log(c))[0] : parabolic;
    return {
      hz: this.sampleRate / (chosen + offset),
      clarity: Math.max(0, Math.min(1, peak)),
    };
  }
}

/** Vertex of the parabola through (-1, a), (0, b), (1, c): [x offset, height]. */
function parabola(a: number, b: number, c: number): [number, number] {
  const denominator = a - 2 * b + c;
  if (denominator >= 0) return [0, b];
  const offset = (0.5 * (a - c)) / denominator;
  return [offset, b - 0.25 * (a - c) * offset];
}
