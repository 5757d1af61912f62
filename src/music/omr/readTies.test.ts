import { describe, expect, it } from 'vitest';
import { estimateSkew } from './deskew.ts';
import { binarise } from './binarise.ts';
import {
  blankPage,
  drawMelodyNote,
  drawStaff,
  fillRect,
  pitchY,
  rotatePage,
  type Canvas,
  staffPage,
} from './testing/drawPage.ts';
import { noteWords } from './testing/noteWords.ts';

// Pitch indices as drawn: 0 = Low G … 8 = High A.
const [B, E] = [2, 5];

/** An arc from `from` to `to` rising from `base` to `peak` over its first and last fifth, flat between. */
function arc(page: Canvas, from: number, to: number, base: number, peak: number, thick: number) {
  for (let x = Math.round(from); x <= to; x++) {
    const t = (x - from) / (to - from);
    const rise = Math.min(1, t / 0.2, (1 - t) / 0.2);
    const y = base + (peak - base) * rise;
    fillRect(page, x, y, x, y + thick - 1);
  }
}

describe('ties the staff lines hide (issue 20 item 1, ties)', () => {
  it('issue 20 ties: an arc lying along a staff line (erased with the line) still ties two B heads', () => {
    for (const s of [10, 16]) {
      const page = staffPage(s, (p, staff) => {
        const x = staff.left + s * 8;
        drawMelodyNote(p, staff, x, B);
        drawMelodyNote(p, staff, x + s * 5, B);
        // Over heads on the middle line, the arc's flat top lies on the line above, touching it
        // from above: line and arc together are one run a pixel or two taller than the line.
        const line = staff.top + s;
        const thick = Math.max(2, Math.round(s * 0.15));
        arc(
          p,
          x + s * 1.4,
          x + s * 5 - s * 0.15,
          pitchY(staff, B) - s * 0.6,
          line - thick + 1,
          thick,
        );
        drawMelodyNote(p, staff, x + s * 10, E);
        drawMelodyNote(p, staff, x + s * 14, E);
      });
      expect(noteWords(page)).toEqual(['B_4 tie', 'B_4', 'E_4', 'E_4']);
    }
  });

  it('issue 20 ties: a tie split over two lines (a half leaving the last note, a half arriving at the next line’s first) ties them; a leaving half alone does not', () => {
    for (const s of [10, 16]) {
      for (const arriving of [true, false]) {
        const page = staffPage(
          s,
          (p, staff, k) => {
            const y = pitchY(staff, E) - s * 0.5;
            const thick = Math.max(1, Math.round(s * 0.15));
            if (k === 0) {
              drawMelodyNote(p, staff, staff.left + s * 8, B);
              const x = staff.right - s * 5;
              drawMelodyNote(p, staff, x, E);
              arc(p, x + s * 1.4, staff.right - s * 0.5, y, y - s * 0.8, thick);
            } else {
              const x = staff.left + s * 8;
              drawMelodyNote(p, staff, x, E);
              if (arriving) arc(p, x - s * 4, x - s * 0.15, y, y - s * 0.8, thick);
              drawMelodyNote(p, staff, x + s * 6, B);
            }
          },
          2,
        );
        expect(noteWords(page)).toEqual(
          arriving ? ['B_4', 'E_4 tie', 'E_4', 'B_4'] : ['B_4', 'E_4', 'E_4', 'B_4'],
        );
      }
    }
  });
});

describe('skew of a narrow strip (issue 20, speed: coarse-to-fine search)', () => {
  it('issue 20 deskew: a strip 14 staff spaces wide turned by 2.2° reads 2.2° (±0.1°), though its coarse pass steps 0.25°', () => {
    const s = 16;
    const page = blankPage(s * 14, s * 14);
    drawStaff(page, { top: s * 5, left: 0, right: s * 14 - 1, space: s, thickness: 2 });
    const slope = estimateSkew(binarise(rotatePage(page, 2.2)));
    expect(Math.abs((Math.atan(slope) * 180) / Math.PI - 2.2)).toBeLessThanOrEqual(0.1);
  });
});
