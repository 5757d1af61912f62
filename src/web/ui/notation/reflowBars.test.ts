import { describe, expect, it } from 'vitest';
import { distributeWidths, fitScore, splitBars } from './reflowBars.ts';

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

describe('fitScore (issue 22 item 6)', () => {
  const lines = [
    [200, 200, 200, 200],
    [200, 200, 200, 200],
  ];

  it('issue 22.6: lays out at the width it gets when every line fits', () => {
    expect(fitScore(lines, 100, 1000, 0.6)).toEqual({
      layoutWidth: 1000,
      rows: [[[0, 1, 2, 3]], [[0, 1, 2, 3]]],
    });
  });

  it("issue 22.6: draws smaller, down to the least scale, to keep the file's bars per line", () => {
    // 900 px of music in 600 px: two thirds of full size, each line whole.
    expect(fitScore(lines, 100, 600, 0.6)).toEqual({
      layoutWidth: 900,
      rows: [[[0, 1, 2, 3]], [[0, 1, 2, 3]]],
    });
  });

  it('issue 22.6: reflows at the least scale when a line would be smaller still', () => {
    // 500 px at 0.6 lays out at 834: three bars fit after the clef, so two rows of two.
    expect(fitScore(lines, 100, 500, 0.6)).toEqual({
      layoutWidth: 834,
      rows: [
        [
          [0, 1],
          [2, 3],
        ],
        [
          [0, 1],
          [2, 3],
        ],
      ],
    });
  });
});
