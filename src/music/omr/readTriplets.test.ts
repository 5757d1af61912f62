import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { writeBww } from '../bww/writeBww.ts';
import type { Note } from '../tune/tune.ts';
import { recognisePage } from './recognisePage.ts';
import {
  beamStems,
  drawMelodyNote,
  fillRect,
  pitchY,
  type Canvas,
  staffPage,
} from './testing/drawPage.ts';

// Pitch indices as drawn: 0 = Low G … 8 = High A.
const [LA, B, C, E] = [1, 2, 3, 5];

/** A numeral 3 of rectangles (no font): three bars joined on the right, `h` tall. */
function three(page: Canvas, cx: number, top: number, h: number) {
  const w = h * 0.6;
  const t = Math.max(1, Math.round(h * 0.14));
  const x0 = cx - w / 2;
  fillRect(page, x0, top, x0 + w, top + t - 1);
  fillRect(page, x0 + w * 0.3, top + h / 2 - t / 2, x0 + w, top + h / 2 + t / 2);
  fillRect(page, x0, top + h - t, x0 + w, top + h - 1);
  fillRect(page, x0 + w - t + 1, top, x0 + w, top + h - 1);
}

/** One staff: a clef's spine, three beamed quavers (with or without a 3 over them), two crotchets. */
function page(s: number, numeral: boolean, bracket: 'none' | 'own' | 'whole bar' = 'none'): Canvas {
  return staffPage(s, (p, staff) => {
    const x = staff.left + s * 7;
    const stems = [C, B, LA].map((pitch, i) => drawMelodyNote(p, staff, x + i * s * 2.5, pitch));
    if (bracket === 'none') beamStems(p, staff, stems, 1);
    const y = pitchY(staff, C) - s * 2.4;
    const mid = x + s * 2.5 + s * 0.6;
    if (numeral) three(p, mid, y, s * 1.2);
    if (bracket !== 'none') {
      // A bracket at the numeral's middle, broken by it, hooks down at its ends; a volta's runs
      // from before the first note to past the last (on to the bar's end).
      const [from, to] = bracket === 'own' ? [x - s * 0.2, x + s * 6.4] : [x - s * 3, x + s * 8.5];
      const by = Math.round(y + s * 0.6);
      fillRect(p, from, by, mid - s * 0.7, by + 1);
      fillRect(p, mid + s * 0.7, by, to, by + 1);
      fillRect(p, from, by, from + 1, by + s * 0.5);
      fillRect(p, to - 1, by, to, by + s * 0.5);
    }
    drawMelodyNote(p, staff, x + s * 10, E);
    drawMelodyNote(p, staff, x + s * 14, E);
  });
}

const read = (p: Canvas) => {
  const result = recognisePage(p, { level: true });
  if (!result.ok) throw new Error(result.error);
  return result.tune;
};
const notesOf = (tune: ReturnType<typeof read>) =>
  tune.parts.flatMap((pt) =>
    pt.lines.flatMap((l) =>
      l.bars.flatMap((b) =>
        b.items
          .filter((i): i is Note => i.kind === 'note')
          .map(
            (n) =>
              `${n.pitch}_${n.duration}${n.tupletStart ? ` ^${n.tupletStart.actual}s` : ''}${n.tupletEnd ? ' ^e' : ''}`,
          ),
      ),
    ),
  );

describe('readTriplets on constructed staves (issue 20 item 1, triplets)', () => {
  it('issue 20 triplets: three beamed quavers with a numeral over them, or three crotchets under a bracket with it, are a triplet; without it, or under a volta, not; BWW round trip', () => {
    for (const s of [10, 16]) {
      expect(notesOf(read(page(s, true)))).toEqual(['C_8 ^3s', 'B_8', 'LA_8 ^e', 'E_4', 'E_4']);
      expect(notesOf(read(page(s, false)))).toEqual(['C_8', 'B_8', 'LA_8', 'E_4', 'E_4']);
      // Not beamed: crotchets under a bracket are a triplet; under a volta's bracket they are not.
      expect(notesOf(read(page(s, true, 'own')))).toEqual([
        'C_4 ^3s',
        'B_4',
        'LA_4 ^e',
        'E_4',
        'E_4',
      ]);
      expect(notesOf(read(page(s, true, 'whole bar')))).toEqual([
        'C_4',
        'B_4',
        'LA_4',
        'E_4',
        'E_4',
      ]);
      const back = parseBww(writeBww([read(page(s, true))]));
      expect(back.warnings).toEqual([]);
      const first = back.tunes[0]?.parts[0]?.lines[0]?.bars[0]?.items[0];
      expect(first?.kind === 'note' && first.tupletStart?.actual).toBe(3);
    }
  });
});
