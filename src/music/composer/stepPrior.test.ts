import { describe, expect, it } from 'vitest';
import { composerModel } from './composerEngine.ts';
import { stepPrior } from './stepPrior.ts';

describe('the step prior under first-order note counts (issue 19.1, stepPrior.ts)', () => {
  const pooled = composerModel.groups['*'];

  it('issue 19.1: share 0 is the uniform prior; any share sums to 1', () => {
    expect(stepPrior(pooled, 4, true, 0)).toEqual(Array(9).fill(1 / 9));
    const p = stepPrior(pooled, 4, true, 1);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('issue 19.1: from Low G, a step up is far likelier than a leap to High A (pipe melodies move by step)', () => {
    const p = stepPrior(pooled, 0, false, 1);
    expect(p[1]!).toBeGreaterThan(5 * p[8]!);
    expect(p.every((v) => v > 0)).toBe(true);
  });
});
