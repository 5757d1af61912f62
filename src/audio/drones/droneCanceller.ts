/**
 * Removes the app's own drones from the microphone signal (issue 4 item 3).
 *
 * Why not a time-domain NLMS filter on the reference signal: the drone reaches the microphone
 * through the output device, the room and the input device, a round trip of 20–150 ms in
 * browsers, so an FIR canceller would need thousands of taps to span the delay. But the drone
 * is strictly periodic at the bass frequency (see droneVoice.ts), and any linear path (delay,
 * room, speaker) maps a periodic signal to a periodic signal with the same partials, each with
 * a new amplitude and phase. So the leak is exactly Σ a_k·cos(kωt) + b_k·sin(kωt) over the
 * bass partials, whatever the delay. This canceller is Widrow's adaptive noise canceller with
 * sinusoidal references (Widrow et al., "Adaptive noise cancelling", Proc. IEEE 1975): an LMS
 * filter with two weights per partial, needing only the bass frequency (no reference stream,
 * no delay estimate), at a cost of a few multiplications per partial per sample.
 *
 * The trap: chanter Low A, C, E, High G and High A sit exactly on drone partials (4–8×
 * bass). A canceller that kept adapting while such a note sounds would learn the chanter as
 * "drone" and cancel it. So adaptation is gated by the caller: full speed while no note is
 * heard (drones alone, which is how a piper starts), frozen while a note is tracked (the room
 * does not change in the length of a tune; see listener.ts).
 */
import type { Hz } from '../../music/units.ts';

export interface DroneCancellerOptions {
  readonly sampleRate: number;
  /** The drone's fundamental (the bass: chanter Low A / 4). */
  readonly fundamental: Hz;
  /** Cancel partials up to this frequency; above it the detector does not look anyway. */
  readonly maxHz?: Hz;
  /** Convergence time constant of each partial while adapting. */
  readonly timeConstant?: number;
}

export class DroneCanceller {
  readonly partials: number;
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  private readonly c: Float64Array;
  private readonly s: Float64Array;
  private readonly omega: number;
  private readonly mu: number;
  private phase = 0;
  /** μ·error of the last sample, applied at the start of the next call. */
  private pendingStep = 0;

  constructor(options: DroneCancellerOptions) {
    const { sampleRate, fundamental, maxHz = 5000, timeConstant = 0.15 } = options;
    this.partials = Math.max(1, Math.floor(Math.min(maxHz, sampleRate / 2 - 1) / fundamental));
    this.a = new Float64Array(this.partials);
    this.b = new Float64Array(this.partials);
    this.c = new Float64Array(this.partials);
    this.s = new Float64Array(this.partials);
    this.omega = (2 * Math.PI * fundamental) / sampleRate;
    // Each weight sees a unit sinusoid (mean square 1/2): e-folding after 2/μ samples.
    this.mu = 2 / (timeConstant * sampleRate);
  }

  /**
   * Cancel the drone from `input` into `output` (may be the same array). `adapt` scales the
   * learning rate: 1 learns at full speed, 0 freezes the current estimate of the leak.
   */
  process(input: Float32Array, output: Float32Array, adapt = 1): void {
    const { a, b, c, s, partials } = this;
    const mu = this.mu * Math.max(0, Math.min(1, adapt));
    let phase = this.phase;
    // LMS: w += μ·e(n)·u(n), then y(n+1) = w·u(n+1). The update of sample n is folded into
    // the prediction loop of sample n+1 (one pass over the weights instead of two).
    let step = this.pendingStep;
    for (let i = 0; i < input.length; i++) {
      // Partial k's cos/sin from the fundamental by the angle-addition recurrence: exact to
      // rounding, and only two trigonometric calls per sample.
      const c1 = Math.cos(phase);
      const s1 = Math.sin(phase);
      let ck = c1;
      let sk = s1;
      let leak = 0;
      if (step === 0) {
        // Frozen (a chanter is playing, most of the time): predict only, no weight writes.
        for (let k = 0; k < partials; k++) {
          c[k] = ck;
          s[k] = sk;
          leak += a[k]! * ck + b[k]! * sk;
          const next = ck * c1 - sk * s1;
          sk = sk * c1 + ck * s1;
          ck = next;
        }
      } else {
        for (let k = 0; k < partials; k++) {
          const ak = a[k]! + step * c[k]!;
          const bk = b[k]! + step * s[k]!;
          a[k] = ak;
          b[k] = bk;
          c[k] = ck;
          s[k] = sk;
          leak += ak * ck + bk * sk;
          const next = ck * c1 - sk * s1;
          sk = sk * c1 + ck * s1;
          ck = next;
        }
      }
      const error = input[i]! - leak;
      output[i] = error;
      step = mu * error;
      phase += this.omega;
      if (phase > Math.PI) phase -= 2 * Math.PI;
    }
    this.pendingStep = step;
    this.phase = phase;
  }

  /** Forget the learned leak (drones restarted, retuned, or the microphone changed). */
  reset(): void {
    this.a.fill(0);
    this.b.fill(0);
    this.pendingStep = 0;
  }
}
