/**
 * The measured input–output latency per microphone (issue 14 item 3): each device and
 * browser path has its own, so it is stored under the microphone's device id ('default'
 * when none is chosen). Bounded to the most recent MAX_DEVICES so a piper trying many
 * headsets cannot grow the record without limit.
 */
import type { LatencyMethod } from '../../audio/latency/summariseLatency.ts';

export interface StoredLatency {
  readonly ms: number;
  readonly sdMs: number;
  readonly method: LatencyMethod;
  /** ms since the epoch. */
  readonly measuredAt: number;
}

export type LatencyTable = Readonly<Record<string, StoredLatency>>;

export const MAX_DEVICES = 12;
export const DEFAULT_DEVICE = 'default';

const deviceKey = (deviceId: string | null | undefined) => deviceId || DEFAULT_DEVICE;

export function isLatencyTable(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (entry: unknown) =>
      typeof entry === 'object' &&
      entry !== null &&
      Number.isFinite((entry as StoredLatency).ms) &&
      Number.isFinite((entry as StoredLatency).sdMs) &&
      Number.isFinite((entry as StoredLatency).measuredAt) &&
      ((entry as StoredLatency).method === 'loopback' ||
        (entry as StoredLatency).method === 'tap-along'),
  );
}

export function latencyFor(
  table: LatencyTable,
  deviceId: string | null | undefined,
): StoredLatency | null {
  const entry = table[deviceKey(deviceId)];
  // The settings table checks only that this is an object (it is in the first load): a
  // damaged entry reads as 'not measured', never as a latency.
  return entry && isLatencyTable({ entry }) ? entry : null;
}

export function rememberLatency(
  table: LatencyTable,
  deviceId: string | null | undefined,
  latency: StoredLatency,
): LatencyTable {
  const entries = Object.entries({ ...table, [deviceKey(deviceId)]: latency })
    .sort((a, b) => b[1].measuredAt - a[1].measuredAt)
    .slice(0, MAX_DEVICES);
  return Object.fromEntries(entries);
}
