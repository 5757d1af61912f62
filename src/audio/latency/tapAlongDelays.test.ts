import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../music/random.ts';
import { tapAlongClickOffsets } from './calibrationClicks.ts';
import { summariseLatency } from './summariseLatency.ts';
import { tapAlongDelays } from './tapAlongDelays.ts';

const clicks = tapAlongClickOffsets(12, 80).map((t) => t + 3);

describe('tapAlongDelays (issue 14 item 3: tap-along fallback)', () => {
  it('issue 14.3: a piper landing 120 ms after each click, ±3 ms, gives 120 ms', () => {
    const random = seededRandom(3);
    const onsets = clicks.map((c) => c + 0.12 + (random() * 2 - 1) * 0.003);
    const result = summariseLatency(tapAlongDelays(clicks, onsets), 'tap-along');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(Math.abs(result.latencyMs - 120)).toBeLessThan(3);
      expect(result.used).toBe(9); // the first three clicks are the warm-up
    }
  });

  it('issue 14.3: the warm-up clicks do not count, a missed beat and a stray note are ignored', () => {
    const onsets = clicks.flatMap((c, i) => {
      if (i < 3) return [c + 0.35]; // still finding the beat
      if (i === 6) return []; // missed
      if (i === 8) return [c + 0.09, c + 0.3]; // a stray second note
      return [c + 0.09];
    });
    const result = summariseLatency(tapAlongDelays(clicks, onsets), 'tap-along');
    expect(result).toMatchObject({ ok: true, used: 8 });
    if (result.ok) expect(result.latencyMs).toBeCloseTo(90, 5);
  });

  it('issue 14.3: a piper who does not keep the beat is told the result is unsteady', () => {
    const random = seededRandom(9);
    const onsets = clicks.map((c) => c + 0.1 + (random() * 2 - 1) * 0.08);
    expect(summariseLatency(tapAlongDelays(clicks, onsets), 'tap-along')).toMatchObject({
      ok: false,
      reason: 'unsteady',
    });
  });

  it('issue 14.3: no notes at all is not heard', () => {
    expect(summariseLatency(tapAlongDelays(clicks, []), 'tap-along')).toMatchObject({
      ok: false,
      reason: 'not-heard',
      used: 0,
    });
  });
});
