import { describe, expect, it } from 'vitest';
import { distributeWidths, splitBars } from './reflowBars.ts';

describe('splitBars', () => {
  it('keeps a tune line whole when its bars fit', () => {
    expect(splitBars([200, 200, 200, 200], 1000, 100)).toEqual([[0, 1, 2, 3]]);
  });

  it('splits a line that does not fit into even rows, not a lone last bar', () => {
    // 5 bars of 200 in 390 px rows of 300 usable (after 90 for clef and key): 5 rows of 1 …
    expect(splitBars([200, 200, 200, 200, 200], 390, 90)).toEqual([[0], [1], [2], [3], [4]]);
    // … and 4 bars in 700 px (600 usable, 3 fit greedily): 2 rows of 2, not 3 + 1.
    expect(splitBars([200, 200, 200, 200], 700, 100)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('balances by width, putting a short pick-up bar with the busy ones', () => {
    expect(splitBars([60, 250, 250, 250, 250], 800, 100)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });

  it('gives a bar wider than the row a row of its own', () => {
    expect(splitBars([500, 100], 300, 50)).toEqual([[0], [1]]);
  });

  it('returns no rows for no bars', () => {
    expect(splitBars([], 500, 100)).toEqual([]);
  });
});

describe('distributeWidths', () => {
  it('shares the spare width in proportion to the bars’ needs', () => {
    expect(distributeWidths([100, 300], 800)).toEqual([200, 600]);
  });

  it('never gives a bar less than its minimum', () => {
    expect(distributeWidths([300, 300], 400)).toEqual([300, 300]);
  });
});
