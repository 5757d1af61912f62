/**
 * Semibreves (issue 20 item 1: melody notes and their durations). A semibreve has no stem, so
 * the stroke-first reading of readStaff never sees one (slow airs lost every held note and the
 * gracenote before it). A glyph standing in its own column between the read notes and bar lines
 * (./gapGlyphs.ts) is one when it has a note head's place and a semibreve's size and shape, in
 * staff spaces, not a font's outline: wider than a melody head (1.3–2.3 spaces), about a space
 * tall, centred on a line or a space from Low G to High A, and ringed — paper at its centre with
 * ink on all four sides (a semibreve rest is solid, a tie is an open arc).
 */
import type { BinaryImage } from './binarise.ts';
import type { Staff } from './findStaves.ts';
import { gapGlyphs } from './gapGlyphs.ts';
import type { Glyph } from './glyphsIn.ts';
import type { ReadBarLine, ReadNote } from './readStaff.ts';
import type { Pitch } from '../notes.ts';

const scale: readonly Pitch[] = ['LG', 'LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA'];

/** Whether some paper pixel near the glyph's centre has its own ink left, right, above and below. */
function ringed(img: BinaryImage, g: Glyph): boolean {
  const mine = new Set(g.pixels);
  const cx = Math.round((g.x0 + g.x1) / 2);
  const cy = Math.round((g.y0 + g.y1) / 2);
  const w = img.width;
  const reach = (x: number, y: number, dx: number, dy: number): boolean => {
    for (let i = 1; ; i++) {
      const xx = x + dx * i;
      const yy = y + dy * i;
      if (xx < g.x0 || xx > g.x1 || yy < g.y0 || yy > g.y1) return false;
      if (mine.has(yy * w + xx)) return true;
    }
  };
  const rx = Math.max(1, Math.round((g.x1 - g.x0) * 0.2));
  const ry = Math.max(1, Math.round((g.y1 - g.y0) * 0.2));
  for (let y = cy - ry; y <= cy + ry; y++)
    for (let x = cx - rx; x <= cx + rx; x++) {
      if (mine.has(y * w + x)) continue;
      if (reach(x, y, -1, 0) && reach(x, y, 1, 0) && reach(x, y, 0, -1) && reach(x, y, 0, 1))
        return true;
    }
  return false;
}

export function readSemibreves(
  img: BinaryImage,
  staff: Staff,
  notes: readonly ReadNote[],
  barLines: readonly ReadBarLine[],
  musicLeft: number,
): ReadNote[] {
  const s = staff.space;
  const bottom = staff.lines[4];
  const out: ReadNote[] = [];
  const glyphs = gapGlyphs(img, staff, notes, barLines, musicLeft).sort((a, b) => a.x0 - b.x0);
  // A semibreve in a space touches the lines above and below at its thin top and bottom, which
  // go with the lines: two crescents side by side, as tall as each other, are one ring.
  const halves = (a: Glyph, b: Glyph): boolean =>
    b.x0 - a.x1 >= 1 &&
    b.x0 - a.x1 <= s * 0.9 &&
    a.x1 - a.x0 < s * 1.0 &&
    b.x1 - b.x0 < s * 1.0 &&
    Math.abs(a.y0 - b.y0) <= s * 0.2 &&
    Math.abs(a.y1 - b.y1) <= s * 0.2;
  const candidates: { g: Glyph; ring: boolean }[] = glyphs.map((g) => ({ g, ring: false }));
  glyphs.forEach((a, i) => {
    const b = glyphs[i + 1];
    if (b && halves(a, b))
      candidates.push({
        g: {
          x0: a.x0,
          y0: Math.min(a.y0, b.y0),
          x1: b.x1,
          y1: Math.max(a.y1, b.y1),
          pixels: [...a.pixels, ...b.pixels],
        },
        ring: true,
      });
  });
  for (const { g, ring } of candidates) {
    const w = g.x1 - g.x0 + 1;
    const h = g.y1 - g.y0 + 1;
    if (w < s * 1.3 || w > s * 2.3 || h < s * 0.7 || h > s * 1.4) continue;
    const fill = g.pixels.length / (w * h);
    // Two crescents lose their top and bottom to the lines: less ink for their box.
    if (fill < (ring ? 0.25 : 0.35) || fill > 0.9) continue;
    const yc = (g.y0 + g.y1) / 2;
    const step = (bottom - yc) / (s / 2);
    const pitch = scale[Math.round(step) - 2];
    if (!pitch || Math.abs(step - Math.round(step)) > 0.35) continue;
    if (!ring && !ringed(img, g)) continue;
    const head = { x0: g.x0, y0: g.y0, x1: g.x1, y1: g.y1 };
    out.push({
      grace: false,
      head,
      step,
      pitch,
      // No stem: a point at the head's left edge keeps the notes' left-to-right order.
      stem: { x0: g.x0, x1: g.x0, top: Math.round(yc), bottom: Math.round(yc) },
      beams: 0,
      hollow: true,
      whole: true,
      dots: 0,
      dot: null,
      beamLeft: false,
      beamRight: false,
      doubt: 0,
    });
  }
  return out.sort((a, b) => a.head.x0 - b.head.x0);
}
