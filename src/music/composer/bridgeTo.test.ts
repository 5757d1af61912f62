import { describe, expect, it } from 'vitest';
import { bridgeTo } from './bridgeTo.ts';
import { defaultEngine, melodyGroups } from './composerEngine.ts';

describe('leading the melody to a fixed note (issue 19.1 cadences, bridgeTo.ts)', () => {
  const groups = melodyGroups(defaultEngine, '2/4 march');
  const weights = { ...defaultEngine.weights, bridge: 1 };

  it('issue 19.1: bridge 0 draws blind (no factors)', () => {
    const out = bridgeTo(groups, { ...weights, bridge: 0 }, () => false, 0, 4, 1);
    expect(out.size).toBe(0);
  });

  it('issue 19.1: the note just before a cadence on Low A favours its neighbours over a leap from High A', () => {
    const out = bridgeTo(groups, weights, (j) => j % 2 === 0, 0, 4, 1);
    expect([...out.keys()].sort()).toEqual([0, 1, 2, 3]);
    const last = out.get(3)!;
    // Reaching Low A (1) in one step: from B (2) or Low G (0) far more than from High A (8).
    expect(last[2]!).toBeGreaterThan(3 * last[8]!);
    // Further back every note can still get there: the factors flatten.
    const first = out.get(0)!;
    expect(Math.max(...first) / Math.min(...first)).toBeLessThan(
      Math.max(...last) / Math.min(...last),
    );
  });
});
