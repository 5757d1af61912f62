import { describe, expect, it } from 'vitest';
import type { Note } from '../tune/tune.ts';
import { binarise } from './binarise.ts';
import { measureStaffSpacing } from './findStaves.ts';
import { levelPage } from './levelPage.ts';
import type { GrayImage } from './omrTypes.ts';
import { recognisePage } from './recognisePage.ts';
import {
  bendPage,
  fillRect,
  perspectivePage,
  perspectivePoint,
  shadePage,
  type Quad,
} from './testing/drawPage.ts';
import { tunePage } from './testing/tunePage.ts';
import { lineAt, traceStaves } from './traceStaves.ts';

/** The phone not square over the page: its top edge climbs 2°, its bottom edge falls 1°. */
const photo: Quad = [
  [0.02, 0.01],
  [0.98, 0.07],
  [0.97, 0.96],
  [0.03, 0.99],
];

const bars = (image: GrayImage): string[][] => {
  const result = recognisePage(image);
  if (!result.ok) throw new Error(result.error);
  return result.tune.parts.flatMap((p) =>
    p.lines.flatMap((l) =>
      l.bars.map((b) =>
        b.items
          .filter((i): i is Note => i.kind === 'note')
          .map((n) => `${n.embellishments.map((e) => e.code).join('+')} ${n.pitch}_${n.duration}`),
      ),
    ),
  );
};

describe('levelPage: perspective and bent pages (issue 20.1, degraded pages)', () => {
  const s = 16;
  const flat = tunePage(s);

  it('issue 20 degraded: each staff of a photo in perspective is traced along its own slope, within a pixel', () => {
    const page = perspectivePage(flat, photo);
    const ink = binarise(page);
    const staves = traceStaves(ink, measureStaffSpacing(ink));
    expect(staves).toHaveLength(2);
    // The drawn staves' top lines (tunePage: rows 6 s and 19 s, thickness 2).
    [s * 6 + 0.5, s * 19 + 0.5].forEach((row, k) => {
      for (const x of [s * 4, s * 25, s * 46]) {
        const [px, py] = perspectivePoint(flat.width, flat.height, photo, x, row);
        expect(
          Math.abs(lineAt(staves[k]!.lines[0], px) - py),
          `staff ${k + 1} at x ${x}`,
        ).toBeLessThan(1.2);
      }
    });
  });

  it('issue 20 degraded: a photo in perspective, lit from one side, reads like the flat page', () => {
    const want = bars(flat);
    expect(bars(perspectivePage(flat, photo))).toEqual(want);
    expect(bars(shadePage(perspectivePage(flat, photo), 0.6))).toEqual(want);
  });

  it('issue 20 degraded: a page that does not lie flat (lines bowed by ¾ of a staff space) reads like the flat page', () => {
    expect(bars(bendPage(flat, s * 0.75))).toEqual(bars(flat));
  });

  it('issue 20 degraded: on a rectified photo each bar region is where the bar is on the photo', () => {
    const page = perspectivePage(flat, photo);
    const result = recognisePage(page);
    if (!result.ok) throw new Error(result.error);
    expect(levelPage(binarise(page)).slope).toBe(0);
    for (const bar of result.bars) {
      // The staff's middle line on the photo, under the middle of the bar.
      const x = bar.region.x + bar.region.width / 2;
      const row = (bar.line === 0 && bar.part === 0 ? 6 : 19) * s + 2 * s;
      const flatX = x; // columns move by at most a few px under this perspective
      const [, y] = perspectivePoint(flat.width, flat.height, photo, flatX, row);
      expect(y).toBeGreaterThan(bar.region.y);
      expect(y).toBeLessThan(bar.region.y + bar.region.height);
      for (const n of bar.notes) {
        expect(n.y).toBeGreaterThanOrEqual(bar.region.y - 1);
        expect(n.y + n.height).toBeLessThanOrEqual(bar.region.y + bar.region.height + 1);
      }
    }
  });

  it('issue 20 degraded: a staff whose thin lines break up for a staff space still runs to its end', () => {
    // Three of the second staff's five lines gone for 1.2 spaces where only the staff is drawn
    // (x 430–449 at s = 16), as a soft 150 dpi photo breaks a 1 px line.
    const page = tunePage(s);
    for (const line of [0, 2, 4]) {
      const y = s * 19 + line * s;
      fillRect(page, 430, y, 449, y + 1, 255);
    }
    expect(bars(page)).toEqual(bars(flat));
  });

  it('issue 20 degraded: a clean level page is not rectified (the shear path reads it as before)', () => {
    const levelled = levelPage(binarise(flat));
    expect(levelled.page.data).toEqual(binarise(flat).data);
    expect(levelled.staves).toHaveLength(2);
  });
});
