/**
 * Stage 4c (issue 20 item 1): the time signature at the start of the first staff, read by the
 * digits' topology rather than a font's exact shapes (so another engraver's digits read the
 * same): the lower digit's closed loops tell 8 (two) from 4 (one, when closed) from 2 (none);
 * an upper number of two glyphs is 12. The bar lengths then settle the beats (assembleTune).
 * Between the clef and the first note, glyphs that sit wholly in the upper or lower half of
 * the staff are digits; the key signature's sharps straddle the middle and are skipped.
 */
import type { TimeHint } from './assembleTune.ts';
import type { BinaryImage } from './binarise.ts';
import { glyphsIn, type Glyph } from './glyphsIn.ts';
import type { StaffReading } from './readStaff.ts';

/** Enclosed paper regions of at least `minArea` pixels inside a glyph. */
export function holesOf(g: Glyph, width: number, minArea: number): number {
  const w = g.x1 - g.x0 + 3;
  const h = g.y1 - g.y0 + 3;
  const ink = new Uint8Array(w * h);
  for (const p of g.pixels) {
    const x = (p % width) - g.x0 + 1;
    const y = Math.floor(p / width) - g.y0 + 1;
    ink[y * w + x] = 1;
  }
  const mark = new Uint8Array(w * h);
  let holes = 0;
  for (let start = 0; start < w * h; start++) {
    if (ink[start] || mark[start]) continue;
    let area = 0;
    let border = false;
    const stack = [start];
    mark[start] = 1;
    while (stack.length > 0) {
      const j = stack.pop() as number;
      const x = j % w;
      const y = (j - x) / w;
      area++;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true;
      for (const k of [j - 1, j + 1, j - w, j + w]) {
        if (k < 0 || k >= w * h || mark[k] || ink[k]) continue;
        if (Math.abs((k % w) - x) > 1) continue;
        mark[k] = 1;
        stack.push(k);
      }
    }
    if (!border && area >= minArea) holes++;
  }
  return holes;
}

function subGlyph(g: Glyph, width: number, keep: (y: number) => boolean): Glyph {
  const pixels = g.pixels.filter((p) => keep(Math.floor(p / width)));
  const xs = pixels.map((p) => p % width);
  const ys = pixels.map((p) => Math.floor(p / width));
  return {
    x0: Math.min(...xs),
    x1: Math.max(...xs),
    y0: Math.min(...ys),
    y1: Math.max(...ys),
    pixels,
  };
}

export function readTimeSignature(img: BinaryImage, reading: StaffReading): TimeHint {
  const none: TimeHint = { beats: null, beatType: null, compound: false };
  const { staff } = reading;
  const s = staff.space;
  const firstX = Math.min(
    staff.right,
    ...reading.notes.map((n) => (n.grace ? n.head.x0 : n.stem.x0)),
    ...reading.barLines.map((b) => b.x0),
  );
  const top = staff.lines[0];
  const mid = staff.lines[2];
  const bottom = staff.lines[4];
  // Digits that touch across the middle line come out as one glyph: split it there.
  const glyphs = glyphsIn(
    img,
    reading.musicLeft - s,
    top - s * 0.3,
    firstX - s * 0.3,
    bottom + s * 0.3,
  )
    .flatMap((g) =>
      g.y0 < mid - s * 0.5 && g.y1 > mid + s * 0.5 && g.y1 - g.y0 <= s * 4.6
        ? [subGlyph(g, img.width, (y) => y < mid), subGlyph(g, img.width, (y) => y >= mid)]
        : [g],
    )
    .filter((g) => g.y1 - g.y0 >= s * 1.2 && g.x1 - g.x0 >= s * 0.4);
  const upper = glyphs.filter((g) => g.y0 >= top - s * 0.35 && g.y1 <= mid + s * 0.35);
  const lower = glyphs.filter((g) => g.y0 >= mid - s * 0.35 && g.y1 <= bottom + s * 0.35);
  if (upper.length === 0 || lower.length === 0) return none;
  // The digits are the rightmost glyphs before the music.
  const right = Math.max(...lower.map((g) => g.x1));
  const low = lower.filter((g) => g.x1 >= right - s * 1.5);
  const up = upper.filter((g) => g.x1 >= right - s * 2.5);
  if (low.length !== 1 || up.length === 0) return none;
  const minArea = Math.max(2, s * s * 0.04);
  const lowHoles = holesOf(low[0]!, img.width, minArea);
  const upHoles = up.map((g) => holesOf(g, img.width, minArea));
  const beatType = lowHoles >= 2 ? 8 : lowHoles === 1 ? 4 : null;
  const beats = up.length === 2 ? 12 : null;
  const compound = up.length === 2 || (upHoles[0]! >= 1 && beatType === 8);
  return { beats, beatType, compound };
}
