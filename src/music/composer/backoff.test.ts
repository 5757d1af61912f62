import { describe, expect, it } from 'vitest';
import { backoffArray, backoffMap } from './backoff.ts';

describe('interpolated back-off (issue 19.1: a form with few library tunes leans on related ones)', () => {
  it('issue 19.1: no counts give the prior; many counts give their own shares; few mix in proportion', () => {
    const prior = [0.5, 0.5];
    expect(backoffArray([undefined, [0, 0]], 4, prior)).toEqual([0.5, 0.5]);
    const many = backoffArray([[1000, 0]], 4, prior);
    expect(many[0]).toBeGreaterThan(0.99);
    // 4 counts against a back-off mass of 4: half its own (1, 0), half the prior.
    expect(backoffArray([[4, 0]], 4, prior)).toEqual([0.75, 0.25]);
    // The specific level sits on top of the broader one.
    expect(
      backoffArray(
        [
          [4, 0],
          [0, 4],
        ],
        4,
        prior,
      ),
    ).toEqual([0.625, 0.375]);
  });

  it('issue 19.1: the map form mixes keys from both levels and sums to 1', () => {
    const p = backoffMap([{ '3,1': 3 }, { '2,2': 1 }], 1, new Map([['4', 1]]));
    const total = [...p.values()].reduce((s, v) => s + v, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(p.get('3,1')).toBeCloseTo(0.75, 12);
    expect([...p.keys()].sort()).toEqual(['2,2', '3,1', '4']);
  });

  it('issue 19: a level counted from few tunes leans on the broader one however many notes it has', () => {
    const prior = [0.5, 0.5];
    const levels = [
      [1000, 0],
      [0, 1000],
    ];
    // No shrink: the specific level's 1000 counts all but decide.
    expect(backoffArray(levels, 1, prior)[0]).toBeGreaterThan(0.99);
    // One tune against a mass of one tune: about half its own, half the broader level's.
    const one = backoffArray(levels, 1, prior, { tunes: [1, 20], perTune: 1 });
    expect(one[0]).toBeCloseTo(0.5, 2);
    // Nine tunes: about nine tenths its own.
    const nine = backoffArray(levels, 1, prior, { tunes: [9, 20], perTune: 1 });
    expect(nine[0]).toBeCloseTo(0.9, 2);
    // The broadest level backs off to the prior by k alone.
    expect(backoffArray([[1000, 0]], 1, prior, { tunes: [1], perTune: 1 })[0]).toBeGreaterThan(
      0.99,
    );
  });
});
