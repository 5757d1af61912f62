/**
 * Feeds a continuous signal to the detector: keeps the last window of samples and asks for an
 * estimate every `hop` samples (128 = one Web Audio render quantum, so the AudioWorklet gets
 * exactly one estimate per `process()` call; issue 4: a new estimate every 128 samples).
 * No allocation per call: the worklet runs on the audio thread, where garbage costs glitches.
 */
import type { PitchDetector, PitchEstimate } from './pitchDetector.ts';

export type EstimateListener = (estimate: PitchEstimate, endSample: number) => void;

export class PitchStream {
  private readonly window: Float32Array;
  private filled = 0;
  private sinceLast = 0;
  /** Samples consumed since the start: the time base of every estimate. */
  private position = 0;

  constructor(
    private readonly detector: PitchDetector,
    private readonly hop = 128,
  ) {
    this.window = new Float32Array(detector.windowSize);
  }

  /** Append samples; calls `listener` for each estimate that became due, in order. */
  push(samples: Float32Array, listener: EstimateListener, gain = 1): void {
    const window = this.window;
    const size = window.length;
    let i = 0;
    while (i < samples.length) {
      // Copy up to the next estimate (or the end of the input), then estimate.
      const take = Math.min(samples.length - i, this.hop - this.sinceLast);
      if (take >= size) {
        window.set(samples.subarray(i + take - size, i + take));
      } else {
        window.copyWithin(0, take);
        window.set(samples.subarray(i, i + take), size - take);
      }
      i += take;
      this.sinceLast += take;
      this.position += take;
      this.filled = Math.min(size, this.filled + take);
      if (this.sinceLast === this.hop) {
        this.sinceLast = 0;
        if (this.filled === size) listener(this.detector.estimate(window, gain), this.position);
      }
    }
  }

  reset(): void {
    this.window.fill(0);
    this.filled = 0;
    this.sinceLast = 0;
    this.position = 0;
  }
}
