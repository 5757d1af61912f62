/**
 * Triplets (issue 20 item 1: 'durations (… ties, triplets)'): three melody notes beamed
 * together with a small numeral over them. Melody stems point down in pipe music, so the
 * numeral (and a bracket, when the notes are not beamed) sits over the heads — where VexFlow's
 * Tuplet draws it too. Three melody notes in one beam group, the middle one beamed both ways,
 * or three notes under a bracket (a wide piece of ink beside the numeral, within the three
 * notes), with over them a glyph of a numeral's size — taller than a grace
 * head (≥ 0.8 space), no taller than 1.8 spaces (a grace group with its stems is taller), no
 * wider than 1.3 spaces (a beam or a tie is wider), at least 0.35 wide (a lone stem is
 * narrower) — standing within a staff space of the group's middle and touching no read note.
 * The numeral's shape is not matched (no font): only its size and place, so any engraver's
 * '3' reads.
 */
import type { BinaryImage } from './binarise.ts';
import { glyphsIn, type Glyph } from './glyphsIn.ts';
import type { ReadNote } from './readStaff.ts';

export function readTriplets(
  img: BinaryImage,
  space: number,
  notes: readonly ReadNote[],
): Set<ReadNote> {
  const s = space;
  const starts = new Set<ReadNote>();
  const sorted = [...notes].sort((a, b) => a.stem.x0 - b.stem.x0);
  const melody = sorted.filter((n) => !n.grace);
  const boxes = sorted.map((n) => ({
    x0: Math.min(n.head.x0, n.stem.x0),
    x1: Math.max(n.head.x1, n.stem.x1),
    y0: Math.min(n.head.y0, n.stem.top),
    y1: Math.max(n.head.y1, n.stem.bottom),
  }));
  const clear = (g: Glyph) =>
    !boxes.some((bx) => g.x0 <= bx.x1 && g.x1 >= bx.x0 && g.y0 <= bx.y1 && g.y1 >= bx.y0);
  for (let i = 0; i + 2 < melody.length; i++) {
    const [a, b, c] = [melody[i]!, melody[i + 1]!, melody[i + 2]!];
    const beamed =
      a.beams > 0 &&
      !a.beamLeft &&
      a.beamRight &&
      b.beamLeft &&
      b.beamRight &&
      c.beamLeft &&
      !c.beamRight;
    const top = Math.min(a.head.y0, b.head.y0, c.head.y0);
    const middle = (b.head.x0 + b.head.x1) / 2;
    const glyphs = glyphsIn(img, a.head.x0, top - s * 3, c.head.x1, top - s * 0.2).filter(clear);
    const numeral = glyphs.find((g) => {
      const h = g.y1 - g.y0 + 1;
      const w = g.x1 - g.x0 + 1;
      if (h < s * 0.8 || h > s * 1.8 || w < s * 0.35 || w > s * 1.3) return false;
      return Math.abs((g.x0 + g.x1) / 2 - middle) <= s;
    });
    // Notes not beamed as one group carry a bracket, broken by the numeral: a piece of it at
    // the numeral's height, lying within the three notes (a volta's bracket runs on over the
    // whole bar).
    const span = c.head.x1 - a.head.x0;
    const found =
      numeral &&
      (beamed ||
        glyphs.some(
          (g) =>
            g !== numeral &&
            g.x1 - g.x0 + 1 >= span * 0.25 &&
            g.x0 >= a.head.x0 - s &&
            g.x1 <= c.head.x1 + s &&
            g.y0 <= numeral.y1 + s * 0.5 &&
            g.y1 >= numeral.y0 - s * 0.5,
        ));
    if (found) {
      starts.add(a);
      i += 2;
    }
  }
  return starts;
}
