/**
 * One latency figure from several measured delays (issue 14 item 3): the median, after
 * dropping delays more than 3 scaled median absolute deviations away (a cough or a chair
 * scrape on one click must not move the result), and the standard deviation of the rest,
 * so the screen can say whether the measurement can be trusted.
 */
import type { Seconds } from '../../music/units.ts';

export type LatencyMethod = 'loopback' | 'tap-along';

export type LatencyFailure = 'not-heard' | 'unsteady';

export type LatencyResult =
  | {
      readonly ok: true;
      readonly method: LatencyMethod;
      readonly latencyMs: number;
      readonly sdMs: number;
      /** Delays that counted, of all clicks played. */
      readonly used: number;
      readonly of: number;
    }
  | {
      readonly ok: false;
      readonly method: LatencyMethod;
      readonly reason: LatencyFailure;
      readonly used: number;
      readonly of: number;
      readonly sdMs: number | null;
    };

/** Spread above which a calibration is refused (the 5 ms repeatability target). */
export const MAX_SD_MS = 5;

/** Fewer usable delays than this and there is nothing to trust. */
export const MIN_USABLE = 6;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summariseLatency(
  delays: readonly (Seconds | null)[],
  method: LatencyMethod,
  maxSdMs = MAX_SD_MS,
): LatencyResult {
  const heard = delays.filter((d): d is number => d !== null).map((d) => d * 1000);
  const of = delays.length;
  if (heard.length < MIN_USABLE) {
    return { ok: false, method, reason: 'not-heard', used: heard.length, of, sdMs: null };
  }
  const centre = median(heard);
  // 1.4826 × MAD estimates the standard deviation of normal data. The floor of half the
  // accepted spread keeps a tight or two-valued set (a device whose buffer alternates by a
  // few milliseconds has MAD 0) from rejecting honest delays 3 ms off; a knock is tens off.
  const spread = Math.max(maxSdMs / 2, 1.4826 * median(heard.map((d) => Math.abs(d - centre))));
  const kept = heard.filter((d) => Math.abs(d - centre) <= 3 * spread);
  const mean = kept.reduce((s, d) => s + d, 0) / kept.length;
  const sdMs = Math.sqrt(
    kept.reduce((s, d) => s + (d - mean) ** 2, 0) / Math.max(1, kept.length - 1),
  );
  if (kept.length < MIN_USABLE) {
    return { ok: false, method, reason: 'not-heard', used: kept.length, of, sdMs };
  }
  if (sdMs > maxSdMs) return { ok: false, method, reason: 'unsteady', used: kept.length, of, sdMs };
  return { ok: true, method, latencyMs: median(kept), sdMs, used: kept.length, of };
}
