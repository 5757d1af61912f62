import { describe, expect, it } from 'vitest';
import {
  compensationFor,
  connectionQuality,
  isPossible,
  MAX_COMPENSATION_MS,
  timingOf,
} from './judging.ts';

describe('issue 17.3: judging by the server’s clock', () => {
  it('issue 17.3: compensation is half the median round trip, capped at 150 ms', () => {
    expect(compensationFor([])).toBe(0);
    expect(compensationFor([40, 60, 50])).toBe(25);
    // One slow packet does not count.
    expect(compensationFor([40, 40, 900, 40, 40])).toBe(20);
    expect(compensationFor([40, 60])).toBe(25);
    expect(compensationFor([1_000, 1_000])).toBe(MAX_COMPENSATION_MS);
    expect(compensationFor([-5, Number.NaN])).toBe(0);
  });

  it('issue 17.3: both legs are compensated; who was first is the arrival less compensation', () => {
    // Prompt sent at 10 000, answer arrived at 10 700, one-way delay 50 ms.
    expect(timingOf(10_000, 10_700, 50)).toEqual({ playedAt: 10_650, reactionMs: 600 });
    // A faked slow connection gains no more than the cap.
    expect(timingOf(10_000, 10_700, 400)).toEqual({ playedAt: 10_550, reactionMs: 400 });
    expect(timingOf(10_000, 10_700, -20)).toEqual({ playedAt: 10_700, reactionMs: 700 });
  });

  it('issue 17.3: faster than a human after the prompt arrived is impossible', () => {
    expect(isPossible({ playedAt: 0, reactionMs: 99 }, 0)).toBe(false);
    expect(isPossible({ playedAt: 0, reactionMs: 100 }, 0)).toBe(true);
    // Claiming a 200 ms movement sent 250 ms after the prompt: no time left to react.
    expect(isPossible({ playedAt: 0, reactionMs: 250 }, 200)).toBe(false);
    expect(isPossible({ playedAt: 0, reactionMs: 300 }, 200)).toBe(true);
  });

  it('issue 17.3: connection quality shown to both players', () => {
    expect(connectionQuality([])).toBe('unknown');
    expect(connectionQuality([30, 40])).toBe('good');
    expect(connectionQuality([150, 160])).toBe('fair');
    expect(connectionQuality([300, 320])).toBe('poor');
  });
});
