/**
 * Synthetic signals for detector tests and the benchmark: deterministic (seeded noise), so a
 * failing case can be reproduced exactly.
 */
import type { Hz } from '../../music/units.ts';
import { seededRandom } from '../../music/random.ts';

export { seededRandom };

/** Harmonic amplitudes of a bright, reed-like tone (odd and even partials, slowly falling). */
export const REEDY: readonly number[] = [1, 0.8, 0.7, 0.5, 0.45, 0.3, 0.25, 0.2];

/** A sum of harmonics of `hz`; `amplitudes[k]` is partial k+1. Peak level is normalised to 0.5. */
export function harmonicTone(
  hz: Hz,
  sampleRate: number,
  length: number,
  amplitudes: readonly number[] = [1],
  phase = 0,
): Float32Array {
  const out = new Float32Array(length);
  const nyquist = sampleRate / 2;
  amplitudes.forEach((a, k) => {
    const f = hz * (k + 1);
    if (a === 0 || f >= nyquist) return;
    const w = (2 * Math.PI * f) / sampleRate;
    for (let i = 0; i < length; i++) out[i]! += a * Math.sin(w * i + phase * (k + 1));
  });
  return normalise(out, 0.5);
}

export function normalise(signal: Float32Array, peak: number): Float32Array {
  let max = 0;
  for (const v of signal) max = Math.max(max, Math.abs(v));
  if (max > 0) for (let i = 0; i < signal.length; i++) signal[i]! *= peak / max;
  return signal;
}

export function rms(signal: Float32Array): number {
  let sum = 0;
  for (const v of signal) sum += v * v;
  return Math.sqrt(sum / Math.max(1, signal.length));
}

/** Gaussian white noise with the given RMS (Box–Muller). */
export function whiteNoise(length: number, level: number, seed = 1): Float32Array {
  const random = seededRandom(seed);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - random()));
    const t = 2 * Math.PI * random();
    out[i] = level * r * Math.cos(t);
    if (i + 1 < length) out[i + 1] = level * r * Math.sin(t);
  }
  return out;
}

/** `a + scale·b`, element-wise, into a new array (lengths may differ; the result is a's). */
export function mix(a: Float32Array, b: Float32Array, scale = 1): Float32Array {
  const out = Float32Array.from(a);
  for (let i = 0; i < Math.min(a.length, b.length); i++) out[i]! += scale * b[i]!;
  return out;
}

/** `b` scaled so that rms(a) / rms(result) is `db` decibels. */
export function atDecibelsBelow(a: Float32Array, b: Float32Array, db: number): Float32Array {
  const scale = (rms(a) / Math.max(1e-12, rms(b))) * 10 ** (-db / 20);
  return b.map((v) => v * scale);
}
