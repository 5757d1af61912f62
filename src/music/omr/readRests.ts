/**
 * Rests (issue 20 item 1: 'melody notes with their durations … and rests'). A rest has no
 * stem, so the stroke-first reading of readStaff never sees it: this pass looks at the ink
 * components left in the staff once the notes, bar lines and the line start are accounted
 * for. A rest stands in its own column (nothing read over or under it: a triplet's numeral or
 * a dot sits beside or above a note) and is told by size and place alone, in staff spaces, not
 * by a font's shape (and with no other ink over or under it in the staff):
 *   - a solid block about a space wide and half a space tall: hanging from the second line
 *     from the top, a semibreve rest; sitting on the middle line, a minim rest;
 *   - a narrow glyph 2–3.4 spaces tall about the middle line with no vertical stroke as tall as 1.7 spaces (a
 *     crotchet rest's zigzag; a sharp or a natural has two tall strokes): a crotchet rest;
 *   - a narrow glyph 1.2–2 spaces tall about the middle line, no vertical stroke: a quaver rest.
 */
import type { BinaryImage } from './binarise.ts';
import type { Staff } from './findStaves.ts';
import { gapGlyphs } from './gapGlyphs.ts';
import type { Glyph } from './glyphsIn.ts';
import type { Box, ReadBarLine, ReadNote } from './readStaff.ts';

export interface ReadRest {
  readonly box: Box;
  readonly duration: 1 | 2 | 4 | 8;
}

/** The longest vertical ink run of the glyph, in pixels. */
function tallestRun(img: BinaryImage, g: Glyph): number {
  const mine = new Set(g.pixels);
  let best = 0;
  for (let x = g.x0; x <= g.x1; x++) {
    let run = 0;
    for (let y = g.y0; y <= g.y1; y++) {
      run = mine.has(y * img.width + x) ? run + 1 : 0;
      best = Math.max(best, run);
    }
  }
  return best;
}

/**
 * Ink in the glyph's columns within the staff that is not the glyph: the digits of a time
 * signature stand one over the other (a piece of a 4 under its 2 looked like a quaver rest when
 * the line start was misjudged), a rest stands alone.
 */
function company(img: BinaryImage, g: Glyph, top: number, bottom: number): number {
  const mine = new Set(g.pixels);
  let n = 0;
  for (let y = Math.max(0, Math.round(top)); y <= Math.min(img.height - 1, Math.round(bottom)); y++)
    for (let x = g.x0; x <= g.x1; x++) {
      const i = y * img.width + x;
      if (img.data[i] && !mine.has(i)) n++;
    }
  return n;
}

export function readRests(
  img: BinaryImage,
  staff: Staff,
  notes: readonly ReadNote[],
  barLines: readonly ReadBarLine[],
  musicLeft: number,
): ReadRest[] {
  const s = staff.space;
  const middle = staff.lines[2];
  const out: ReadRest[] = [];
  for (const g of gapGlyphs(img, staff, notes, barLines, musicLeft)) {
    const w = g.x1 - g.x0 + 1;
    const h = g.y1 - g.y0 + 1;
    if (w < s * 0.4 || w > s * 1.8 || h < s * 0.3 || h > s * 3.4) continue;
    const fill = g.pixels.length / (w * h);
    const band: [number, number] = [staff.lines[0] - s * 0.5, staff.lines[4] + s * 0.5];
    if (company(img, g, ...band) > g.pixels.length * 0.1) continue;
    const box: Box = { x0: g.x0, y0: g.y0, x1: g.x1, y1: g.y1 };
    if (w >= s * 0.8 && h <= s * 0.75 && fill >= 0.8) {
      if (Math.abs(g.y0 - staff.lines[1]) <= s * 0.3) out.push({ box, duration: 1 });
      else if (Math.abs(g.y1 - middle) <= s * 0.3) out.push({ box, duration: 2 });
      continue;
    }
    if (w > s * 1.3 || fill > 0.65 || fill < 0.2) continue;
    if (Math.abs((g.y0 + g.y1) / 2 - middle) > s * 0.8) continue;
    if (tallestRun(img, g) >= s * 1.7) continue;
    if (h >= s * 2) out.push({ box, duration: 4 });
    else if (h >= s * 1.2) out.push({ box, duration: 8 });
  }
  return out;
}
