import { describe, expect, it } from 'vitest';
import { recognisePage } from './recognisePage.ts';
import {
  drawBarLine,
  drawMelodyNote,
  fillEllipse,
  fillRect,
  staffPage,
} from './testing/drawPage.ts';

const C = 3;

describe('readTimeSignature on constructed staves (issue 20, clean-page accuracy)', () => {
  it("issue 20 time signatures: an 8 whose upper loop's top lies along the middle line (erased with the line) still has two loops: 6/8, not 3/4", () => {
    const s = 12;
    const page = staffPage(s, (p, staff) => {
      const x = staff.left + s * 3;
      const mid = staff.top + 2 * s;
      // Upper digit, no loop: three bars and a right upright (a 3 in block letters).
      for (const y of [staff.top + s * 0.2, staff.top + s * 0.9, mid - s * 0.6])
        fillRect(p, x, y, x + s * 0.9, y + s * 0.15);
      fillRect(p, x + s * 0.75, staff.top + s * 0.2, x + s * 0.9, mid - s * 0.45);
      // Lower digit: an 8 of two rings, the upper ring's thin top just under the middle line.
      const thin = { rx: s * 0.45, ry: s * 0.5 };
      fillEllipse(p, x + s * 0.45, mid + thin.ry, thin.rx, thin.ry, true);
      fillEllipse(p, x + s * 0.45, mid + s * 1.5, thin.rx, thin.ry, true);
      // The loop's top: a stroke two pixels deep along the line, erased with it.
      fillRect(p, x + s * 0.15, mid + 2, x + s * 0.75, mid + 3);
      let nx = x + s * 3;
      for (let bar = 0; bar < 2; bar++) {
        for (let n = 0; n < 3; n++, nx += s * 2.4) drawMelodyNote(p, staff, nx, C);
        drawBarLine(p, staff, Math.round(nx));
        nx += s * 1.5;
      }
    });
    const result = recognisePage(page, { level: true });
    if (!result.ok) throw new Error(result.error);
    expect(result.tune.parts[0]?.lines[0]?.time).toMatchObject({ beats: 6, beatType: 8 });
  });
});
