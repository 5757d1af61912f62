/**
 * Removes real pipe drones from the microphone signal (issue 14 item 5: 'Pipes' input).
 *
 * On the pipes the drones are not the app's: their pitch is unknown (the piper tunes them to
 * about Low A/4 and Low A/2, within a few cents) and drifts as reeds warm, and the chanter
 * never stops long enough to learn the leak in silence as the app-drone canceller does
 * (droneCanceller.ts). Two observations make it tractable:
 *
 * 1. Below the chanter's Low G (~420 Hz) there is nothing but drones: the bass's first three
 *    partials. So the drone pitch can be followed *while the chanter plays*: an LMS
 *    sinusoid canceller on those partials converges to their amplitude and phase, and if the
 *    reference frequency is a little off, the learned phase turns steadily at the frequency
 *    error — a phase-locked loop reads that turn and corrects the frequency (the adaptive
 *    line enhancer used as a frequency tracker; Widrow & Stearns, 'Adaptive Signal
 *    Processing', 1985, ch. 12).
 * 2. Partials in the chanter's range collide with the chanter only where they lie on a
 *    harmonic of the note being played (Low A = 4 × bass, E = 6 ×, High A = 8 × …). Every
 *    other partial carries drone alone, so it keeps adapting; a colliding partial holds the
 *    estimate it learned while another note sounded, which stays valid because the
 *    reference oscillator follows the drone's true pitch (point 1). A tune moves through
 *    notes, so every partial is learned most of the time.
 *
 * The tenors sound one octave above the bass, so their partials fall on the bass's even
 * partials; tuned within a few cents, the pair beats slowly and the even partials' weights
 * follow that beat while they adapt. That beat is what limits the removal: drones alone in
 * perfect tune cancel by over 100 dB, tenors a cent or two off the bass by 12–15 dB, and
 * under a moving chanter line 5–7 dB — still enough to take the detector from 23 % wrong
 * notes to 3 % with drones as loud as the chanter (bench:pitch, 'pipes drones' rows).
 */
import type { Hz } from '../../music/notes.ts';

export interface PipesDroneCancellerOptions {
  readonly sampleRate: number;
  /** Where to start looking: the chanter's Low A / 4. The tracker pulls in ±60 cents. */
  readonly expectedBassHz: Hz;
  /** Cancel partials up to this frequency; above it the detector does not look anyway. */
  readonly maxHz?: Hz;
  /** Convergence time constant of the in-range partials. */
  readonly timeConstant?: number;
}

/** Partials below this carry no chanter sound: the chanter's Low G is ~420 Hz. */
const BELOW_CHANTER: Hz = 380;
/** A partial this close (cents) to a harmonic of the chanter's note does not adapt. */
const COLLISION_CENTS = 60;
/** Frequency-loop update period in samples, and its gain (fraction of the error per step). */
const LOOP_BLOCK = 256;
const LOOP_GAIN = 0.08;
/** Time constant of the partials below the chanter, which feed the frequency loop. */
const LOW_TIME_CONSTANT = 0.05;
/** The tracker never wanders further than this from the expected pitch (cents). */
const PULL_IN_CENTS = 60;

export class PipesDroneCanceller {
  readonly partials: number;
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  private readonly c: Float64Array;
  private readonly s: Float64Array;
  private readonly mu: Float64Array;
  /** 1 where the partial adapts for the current chanter note, 0 where it holds. */
  private readonly adapt: Float64Array;
  private readonly sampleRate: number;
  private readonly expected: Hz;
  private bassHz: Hz;
  private omega: number;
  private phase = 0;
  private readonly lowPartials: number;
  /** Phase of each low partial's weights at the last loop update. */
  private readonly lastAngle: Float64Array;
  private sinceLoop = 0;
  private chanterHz: Hz | null = null;
  private pendingError = 0;

  constructor(options: PipesDroneCancellerOptions) {
    const { sampleRate, expectedBassHz, maxHz = 6000, timeConstant = 0.15 } = options;
    this.sampleRate = sampleRate;
    this.expected = expectedBassHz;
    this.bassHz = expectedBassHz;
    this.omega = (2 * Math.PI * expectedBassHz) / sampleRate;
    const top = expectedBassHz * 2 ** (PULL_IN_CENTS / 1200);
    this.partials = Math.max(1, Math.floor(Math.min(maxHz, sampleRate / 2 - 1) / top));
    this.lowPartials = Math.max(1, Math.floor(BELOW_CHANTER / top));
    this.a = new Float64Array(this.partials);
    this.b = new Float64Array(this.partials);
    this.c = new Float64Array(this.partials);
    this.s = new Float64Array(this.partials);
    this.mu = new Float64Array(this.partials);
    this.adapt = new Float64Array(this.partials).fill(1);
    this.lastAngle = new Float64Array(this.lowPartials);
    for (let k = 0; k < this.partials; k++) {
      // The low partials feed the pitch loop: a fixed 50 ms, quick but not noisy.
      const tau = k < this.lowPartials ? LOW_TIME_CONSTANT : timeConstant;
      this.mu[k] = 2 / (tau * sampleRate);
    }
  }

  /** The bass drone's pitch as tracked now. */
  get droneHz(): Hz {
    return this.bassHz;
  }

  /**
   * The chanter note now sounding (its Hz), or null: partials on its harmonics stop
   * adapting until it changes.
   */
  setChanterNote(hz: Hz | null): void {
    if (hz === this.chanterHz) return;
    this.chanterHz = hz;
    for (let k = 0; k < this.partials; k++) {
      if (k < this.lowPartials || hz === null) {
        this.adapt[k] = 1;
        continue;
      }
      const f = (k + 1) * this.bassHz;
      const m = Math.max(1, Math.round(f / hz));
      const cents = Math.abs(1200 * Math.log2(f / (m * hz)));
      this.adapt[k] = cents < COLLISION_CENTS ? 0 : 1;
    }
  }

  process(input: Float32Array, output: Float32Array): void {
    const { a, b, c, s, mu, adapt, partials } = this;
    let phase = this.phase;
    let error = this.pendingError;
    for (let i = 0; i < input.length; i++) {
      const c1 = Math.cos(phase);
      const s1 = Math.sin(phase);
      let ck = c1;
      let sk = s1;
      let leak = 0;
      for (let k = 0; k < partials; k++) {
        // LMS: the update for the previous sample (its references are still in c, s).
        const step = mu[k]! * adapt[k]! * error;
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
      error = input[i]! - leak;
      output[i] = error;
      phase += this.omega;
      if (phase > Math.PI) phase -= 2 * Math.PI;
      if (++this.sinceLoop === LOOP_BLOCK) {
        this.sinceLoop = 0;
        this.followPitch();
      }
    }
    this.phase = phase;
    this.pendingError = error;
  }

  /**
   * The frequency loop: a learned phase turning by Δθ in LOOP_BLOCK samples on partial k
   * means the drone is Δθ / (2π k · block time) Hz away from the reference. Partials are
   * weighted by their power, so a faint fundamental (small phone microphones roll off
   * below 150 Hz) counts little.
   */
  private followPitch(): void {
    let weighted = 0;
    let power = 0;
    const seconds = LOOP_BLOCK / this.sampleRate;
    for (let k = 0; k < this.lowPartials; k++) {
      const angle = Math.atan2(this.b[k]!, this.a[k]!);
      let turn = angle - this.lastAngle[k]!;
      if (turn > Math.PI) turn -= 2 * Math.PI;
      if (turn < -Math.PI) turn += 2 * Math.PI;
      this.lastAngle[k] = angle;
      const p = this.a[k]! ** 2 + this.b[k]! ** 2;
      // Reference cos(kφ)·a + sin(kφ)·b = r·cos(kφ − θ): a drone ahead of the reference
      // shows as θ falling, so the frequency error is −turn.
      weighted += (p * -turn) / (2 * Math.PI * (k + 1) * seconds);
      power += p;
    }
    if (power < 1e-10) return;
    const errorHz = weighted / power;
    const limit = this.expected * (2 ** (PULL_IN_CENTS / 1200) - 1);
    const next = this.bassHz + LOOP_GAIN * errorHz;
    this.bassHz = Math.min(this.expected + limit, Math.max(this.expected - limit, next));
    this.omega = (2 * Math.PI * this.bassHz) / this.sampleRate;
    // The chanter-collision table depends on the partials' frequencies.
    const hz = this.chanterHz;
    this.chanterHz = -1;
    this.setChanterNote(hz);
  }

  reset(): void {
    this.a.fill(0);
    this.b.fill(0);
    this.pendingError = 0;
    this.bassHz = this.expected;
    this.omega = (2 * Math.PI * this.expected) / this.sampleRate;
  }
}
