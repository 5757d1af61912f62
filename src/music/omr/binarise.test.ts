import { describe, expect, it } from 'vitest';
import { binarise } from './binarise.ts';
import { addNoise, blankPage, fillRect, shadePage } from './testing/drawPage.ts';

describe('binarise (issue 20.1 stage 1)', () => {
  it('issue 20.1: ink under uneven light is still ink, and the shaded paper is not', () => {
    const page = blankPage(300, 100);
    fillRect(page, 20, 20, 280, 22, 40);
    const ink = binarise(shadePage(page, 0.4));
    expect(ink.data[21 * 300 + 25]).toBe(1);
    expect(ink.data[21 * 300 + 275]).toBe(1);
    expect(ink.data[60 * 300 + 275]).toBe(0);
  });

  it('issue 20.1: on a specked page a white speck in a stem is mended and lone black specks go', () => {
    const page = blankPage(400, 400);
    fillRect(page, 100, 50, 101, 150);
    const noisy = addNoise(page, 0.003, 5);
    // One white speck across the stem, one lone black speck on the paper.
    noisy.data[100 * 400 + 100] = 255;
    noisy.data[100 * 400 + 101] = 255;
    noisy.data[300 * 400 + 300] = 0;
    for (const [dx, dy] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
      [-1, -1],
      [1, 1],
      [-1, 1],
      [1, -1],
    ] as const) {
      noisy.data[(300 + dy) * 400 + 300 + dx] = 255;
    }
    const ink = binarise(noisy);
    for (let y = 52; y <= 148; y++) expect(ink.data[y * 400 + 100], `row ${y}`).toBe(1);
    expect(ink.data[300 * 400 + 300]).toBe(0);
  });
});
