/**
 * Loop a range of bars (issue 14 item 4): the expected events and the guide's performance cut
 * to bars `from`…`to` (1-based page bars, inclusive), both starting at 0. The expected events
 * are built from the performance one for one (./expectedEvents.ts), so one index range cuts
 * both. A bar inside a repeat is played twice; the loop takes its first time through.
 */
import type { Performance } from '../tune/performance.ts';
import type { ExpectedEvent } from './expectedEvents.ts';

export function sliceBars(
  expected: readonly ExpectedEvent[],
  performance: Performance,
  from: number,
  to: number,
): { expected: ExpectedEvent[]; performance: Performance } | null {
  const inRange = (e: ExpectedEvent) => e.bar >= from && e.bar <= to;
  const first = expected.findIndex(inRange);
  if (first < 0) return null;
  let end = first;
  while (end < expected.length && inRange(expected[end]!)) end++;
  const t0 = expected[first]!.time;
  const p0 = performance.events[first]?.startSeconds ?? 0;
  const pEnd = performance.events[end]?.startSeconds ?? performance.durationSeconds;
  const out = expected.slice(first, end).map((e, i) => ({
    ...e,
    index: i,
    melody: e.melody - first,
    time: e.time - t0,
  }));
  return {
    expected: out,
    performance: {
      bpm: performance.bpm,
      events: performance.events
        .slice(first, end)
        .map((e) => ({ ...e, startSeconds: e.startSeconds - p0 })),
      durationSeconds: pEnd - p0,
    },
  };
}
