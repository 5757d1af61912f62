import { describe, expect, it } from 'vitest';
import { binarise } from './binarise.ts';
import { findStaves } from './findStaves.ts';
import {
  addNoise,
  blankPage,
  drawStaff,
  fillRect,
  perspectivePage,
  shadePage,
} from './testing/drawPage.ts';
import { tunePage } from './testing/tunePage.ts';

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

  it('issue 20 degraded: the table around a photographed page is not ink, and the page still is', () => {
    // Lit from one side, table and page alike, as in a photo.
    const photo = shadePage(
      perspectivePage(tunePage(12), [
        [0.05, 0.06],
        [0.96, 0.04],
        [0.95, 0.95],
        [0.04, 0.96],
      ]),
      0.7,
    );
    const { width: w, height: h } = photo;
    const ink = binarise(photo);
    // The strips of table along the four edges (outside the page's corners).
    let table = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const edge = x < w * 0.035 || x > w * 0.965 || y < h * 0.035 || y > h * 0.97;
        if (edge && ink.data[y * w + x]) table++;
      }
    }
    expect(table).toBe(0);
    expect(findStaves(ink)).toHaveLength(2);
  });

  it('issue 20 degraded: a solid block inside the page (a note head at a large size) is kept', () => {
    const page = blankPage(400, 300);
    drawStaff(page, { top: 100, left: 20, right: 380, space: 20, thickness: 2 });
    fillRect(page, 150, 110, 190, 150);
    const ink = binarise(page);
    expect(ink.data[130 * 400 + 170]).toBe(1);
  });

  it("issue 20 degraded: a thick final bar line cut tight by the picture's edge is print, not a table", () => {
    // A screenshot of a score ends at its last bar line: a dark patch a few cells tall at the
    // border (found on /omr's own rendered page, whose last note was lost with it).
    const page = blankPage(800, 400);
    drawStaff(page, { top: 150, left: 20, right: 800, space: 16, thickness: 2 });
    fillRect(page, 786, 150, 800, 215);
    const ink = binarise(page);
    expect(ink.data[180 * 800 + 795]).toBe(1);
    expect(ink.data[150 * 800 + 700]).toBe(1);
  });
});
