/**
 * Finds when the microphone heard each calibration click (issue 14 item 3, loopback).
 *
 * 1. Demodulate the recording at the click frequency and smooth over 1 ms: the envelope of
 *    the burst, whatever phase and filtering the speaker–room–microphone path applied.
 * 2. One delay for all clicks: the shift that puts the most envelope *rise* on every
 *    scheduled click at once (irregular gaps make that shift unique; room echoes rise
 *    slowly and do not line up across clicks).
 * 3. Each click's own arrival near that shift: where its envelope first crosses halfway
 *    between the noise floor before it and its peak, interpolated between samples. The same
 *    measurement on the clean click is subtracted, so the result is the delay of the click's
 *    start, not of its half-height.
 */
import type { Seconds } from '../../music/units.ts';
import { CLICK_HZ, MAX_LATENCY, clickWaveform } from './calibrationClicks.ts';

export interface Recording {
  readonly samples: Float32Array;
  readonly sampleRate: number;
  /** Audio-clock time of samples[0]. */
  readonly startTime: Seconds;
}

export interface ClickArrivals {
  /** Delay of each click (seconds), or null where the click was not heard clearly. */
  readonly delays: readonly (Seconds | null)[];
  /** The common delay found in step 2, or null if no click was heard at all. */
  readonly coarseDelay: Seconds | null;
}

/** A click is heard when its peak envelope is this many times the floor before it (12 dB). */
const MIN_PEAK_TO_FLOOR = 4;
/** Half-width of the per-click search around the common delay. */
const SEARCH: Seconds = 0.02;

/** The 1 ms-smoothed envelope of `samples` at the click frequency. */
export function clickEnvelope(samples: Float32Array, sampleRate: number): Float32Array {
  const n = samples.length;
  const w = (2 * Math.PI * CLICK_HZ) / sampleRate;
  const half = Math.max(1, Math.round(sampleRate / 2000));
  // Running sums of the in-phase and quadrature products give a boxcar low-pass in O(n).
  const i0 = new Float64Array(n + 1);
  const q0 = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const x = samples[i]!;
    i0[i + 1] = i0[i]! + x * Math.cos(w * i);
    q0[i + 1] = q0[i]! + x * Math.sin(w * i);
  }
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - half);
    const b = Math.min(n, i + half + 1);
    const re = i0[b]! - i0[a]!;
    const im = q0[b]! - q0[a]!;
    out[i] = (2 * Math.hypot(re, im)) / (b - a);
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The half-height crossing of the envelope in [from, to), in samples (fractional), or null
 * if nothing there stands MIN_PEAK_TO_FLOOR above the floor of the `floorSamples` before it.
 */
function halfHeightCrossing(
  envelope: Float32Array,
  from: number,
  to: number,
  floorSamples: number,
): number | null {
  from = Math.max(0, from);
  to = Math.min(envelope.length, to);
  if (to - from < 2) return null;
  const floorFrom = Math.max(0, from - floorSamples);
  const floorValues = Array.from(envelope.subarray(floorFrom, from));
  const floor = floorValues.length ? median(floorValues) : 0;
  let peakAt = from;
  for (let i = from; i < to; i++) if (envelope[i]! > envelope[peakAt]!) peakAt = i;
  const peak = envelope[peakAt]!;
  if (peak < MIN_PEAK_TO_FLOOR * Math.max(floor, 1e-6)) return null;
  const level = floor + (peak - floor) / 2;
  // Walk back from the peak to the last sample below half height: the rising edge of this
  // click, not an earlier bump of noise.
  let i = peakAt;
  while (i > from && envelope[i - 1]! >= level) i--;
  if (i === from) return i;
  const below = envelope[i - 1]!;
  const above = envelope[i]!;
  return i - 1 + (level - below) / (above - below);
}

let referenceCache: { sampleRate: number; offset: number } | null = null;

/** Half-height crossing of a clean click, in samples after its start (subtracted as bias). */
function clickBias(sampleRate: number): number {
  if (referenceCache?.sampleRate === sampleRate) return referenceCache.offset;
  const pad = Math.round(0.02 * sampleRate);
  const click = clickWaveform(sampleRate);
  const clean = new Float32Array(pad * 2 + click.length);
  clean.set(click, pad);
  const env = clickEnvelope(clean, sampleRate);
  const crossing = halfHeightCrossing(env, pad - 8, clean.length, pad - 16) ?? pad;
  referenceCache = { sampleRate, offset: crossing - pad };
  return referenceCache.offset;
}

export function findClickArrivals(
  recording: Recording,
  clickTimes: readonly Seconds[],
): ClickArrivals {
  const { samples, sampleRate, startTime } = recording;
  const envelope = clickEnvelope(samples, sampleRate);
  const hop = Math.max(1, Math.round(sampleRate / 4000)); // 0.25 ms
  const rise = Math.round(sampleRate / 500); // over 2 ms
  const riseAt = (i: number) =>
    i >= rise && i < envelope.length ? Math.max(0, envelope[i]! - envelope[i - rise]!) : 0;

  // Step 2: score each common delay by the rise it finds at every click; keep the best.
  let best = -1;
  let bestDelay: number | null = null;
  const maxShift = Math.round(MAX_LATENCY * sampleRate);
  for (let shift = 0; shift <= maxShift; shift += hop) {
    let score = 0;
    for (const t of clickTimes) {
      const at = Math.round((t - startTime) * sampleRate) + shift;
      // Best rise within one hop either side: the grid must not miss a sharp edge.
      let local = 0;
      for (let d = -hop; d <= hop; d += hop >> 1 || 1) local = Math.max(local, riseAt(at + d));
      score += local;
    }
    if (score > best) {
      best = score;
      bestDelay = shift;
    }
  }
  if (bestDelay === null || best <= 0)
    return { delays: clickTimes.map(() => null), coarseDelay: null };

  const bias = clickBias(sampleRate);
  const search = Math.round(SEARCH * sampleRate);
  const floorSamples = Math.round(0.03 * sampleRate);
  const delays = clickTimes.map((t) => {
    const expected = Math.round((t - startTime) * sampleRate) + bestDelay!;
    const crossing = halfHeightCrossing(
      envelope,
      expected - search,
      expected + search,
      floorSamples,
    );
    if (crossing === null) return null;
    return (crossing - bias) / sampleRate + startTime - t;
  });
  return { delays, coarseDelay: bestDelay / sampleRate };
}
