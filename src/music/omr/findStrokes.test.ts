import { describe, expect, it } from 'vitest';
import type { BinaryImage } from './binarise.ts';
import { findStrokes } from './findStrokes.ts';

/** A blank page with the given one-pixel-wide column runs inked: [x, top, bottom]. */
function pageOf(width: number, height: number, runs: readonly [number, number, number][]) {
  const data = new Uint8Array(width * height);
  for (const [x, y0, y1] of runs) for (let y = y0; y <= y1; y++) data[y * width + x] = 1;
  return { width, height, data } as BinaryImage;
}

describe('findStrokes (issue 20, photocopies)', () => {
  it('a one-pixel line a degree off upright (a staircase meeting only at its steps) is one stroke', () => {
    // 40 px tall, stepping one column right halfway down: as a 150 dpi photocopy's bar line
    // leans after the page is sheared level. Touching at the step, and meeting diagonally.
    for (const overlap of [1, 0]) {
      const img = pageOf(30, 60, [
        [10, 10, 30],
        [11, 31 - overlap, 50],
      ]);
      expect(findStrokes(img, { top: 0, bottom: 59, left: 0, right: 29 }, 16, 4)).toEqual([
        { x0: 10, x1: 11, top: 10, bottom: 50 },
      ]);
    }
  });

  it('a stroke whose edge column is broken for a pixel (two runs in one column) is one stroke', () => {
    // Both runs overlap the column before; the second was compared with the first one's rows
    // and began a stroke of its own (a second grace note on one stem, seed 7).
    const img = pageOf(30, 80, [
      [10, 10, 60],
      [11, 10, 30],
      [11, 32, 60],
    ]);
    expect(findStrokes(img, { top: 0, bottom: 79, left: 0, right: 29 }, 16, 4)).toEqual([
      { x0: 10, x1: 11, top: 10, bottom: 60 },
    ]);
  });

  it('two strokes side by side, one above the other with a gap, stay two', () => {
    const img = pageOf(30, 80, [
      [10, 5, 30],
      [11, 33, 60],
    ]);
    expect(findStrokes(img, { top: 0, bottom: 79, left: 0, right: 29 }, 16, 4)).toHaveLength(2);
  });
});
