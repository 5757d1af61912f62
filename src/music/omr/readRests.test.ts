import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { writeBww } from '../bww/writeBww.ts';
import { recognisePage } from './recognisePage.ts';
import {
  drawMelodyNote,
  fillEllipse,
  fillRect,
  type Canvas,
  staffPage,
} from './testing/drawPage.ts';

// Pitch indices as drawn: 0 = Low G … 8 = High A.
const E = 5;

/** A stroke from (x0, y0) to (x1, y1), `w` pixels wide across. */
function stroke(page: Canvas, x0: number, y0: number, x1: number, y1: number, w: number) {
  const n = Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))) * 2;
  for (let i = 0; i <= n; i++) {
    const x = x0 + ((x1 - x0) * i) / n;
    const y = y0 + ((y1 - y0) * i) / n;
    fillRect(page, x - w / 2, y, x + w / 2, y);
  }
}

/** One staff with notes and rests, as engravers draw them (no font: strokes and blocks). */
function page(s: number, sharp: boolean): Canvas {
  return staffPage(s, (p, staff) => {
    const at = (k: number) => staff.left + s * k;
    const mid = staff.top + 2 * s;
    drawMelodyNote(p, staff, at(5), E);
    // Semibreve rest: a block hanging from the second line from the top.
    fillRect(p, at(8), staff.top + s, at(8) + s * 1.2, staff.top + s * 1.5);
    drawMelodyNote(p, staff, at(11), E);
    // Minim rest: a block sitting on the middle line.
    fillRect(p, at(14), mid - s * 0.5, at(14) + s * 1.2, mid);
    // Crotchet rest: a zigzag about the middle line, no vertical stroke.
    const z = at(17);
    const w = Math.max(2, s * 0.25);
    stroke(p, z, mid - s * 1.4, z + s * 0.7, mid - s * 0.5, w);
    stroke(p, z + s * 0.7, mid - s * 0.5, z + s * 0.1, mid + s * 0.4, w);
    stroke(p, z + s * 0.1, mid + s * 0.4, z + s * 0.7, mid + s * 1.0, w);
    stroke(p, z + s * 0.7, mid + s * 1.0, z + s * 0.2, mid + s * 1.4, w);
    // Quaver rest: a blob and a slanting stem.
    const q = at(20);
    fillEllipse(p, q + s * 0.25, mid - s * 0.5, s * 0.25, s * 0.25);
    stroke(p, q + s * 0.25, mid - s * 0.3, q + s * 0.8, mid - s * 0.6, Math.max(2, s * 0.15));
    stroke(p, q + s * 0.8, mid - s * 0.6, q + s * 0.4, mid + s * 1.0, Math.max(2, s * 0.15));
    if (sharp) {
      // A sharp before the last note: two tall strokes and two slanting bars — no rest.
      const x = at(23);
      fillRect(p, x + s * 0.2, mid - s * 1.5, x + s * 0.3, mid + s * 1.3);
      fillRect(p, x + s * 0.6, mid - s * 1.3, x + s * 0.7, mid + s * 1.5);
      stroke(p, x, mid - s * 0.4, x + s * 0.9, mid - s * 0.7, Math.max(2, s * 0.3));
      stroke(p, x, mid + s * 0.6, x + s * 0.9, mid + s * 0.3, Math.max(2, s * 0.3));
    }
    drawMelodyNote(p, staff, at(25), E);
  });
}

const itemsOf = (p: Canvas) => {
  const result = recognisePage(p, { level: true });
  if (!result.ok) throw new Error(result.error);
  return {
    boxes: result.bars.flatMap((b) => b.notes).length,
    tune: result.tune,
    items: result.tune.parts.flatMap((pt) =>
      pt.lines.flatMap((l) =>
        l.bars.flatMap((b) =>
          b.items.map((i) =>
            i.kind === 'note'
              ? `${i.pitch}_${i.duration}`
              : i.kind === 'rest'
                ? `r_${i.duration}`
                : '',
          ),
        ),
      ),
    ),
  };
};

describe('readRests on constructed staves (issue 20 item 1, rests)', () => {
  it('issue 20 rests: semibreve, minim, crotchet and quaver rests are read in place; a sharp is not a rest; BWW round trip', () => {
    for (const s of [10, 16]) {
      for (const sharp of [false, true]) {
        const { tune, items, boxes } = itemsOf(page(s, sharp));
        expect(items).toEqual(['E_4', 'r_1', 'E_4', 'r_2', 'r_4', 'r_8', 'E_4']);
        // /omr indexes the boxes as the bar's notes: rests have none.
        expect(boxes).toBe(3);
        const back = parseBww(writeBww([tune]));
        expect(back.warnings).toEqual([]);
        const bar = back.tunes[0]?.parts[0]?.lines[0]?.bars[0];
        expect(bar?.items.filter((i) => i.kind === 'rest').length).toBe(4);
      }
    }
  });
});
