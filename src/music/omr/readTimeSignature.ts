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

function mendColumns(
  img: BinaryImage,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  maxGap: number,
): BinaryImage {
  const data = img.data.slice();
  const w = img.width;
  const top = Math.max(0, Math.round(y0));
  const bottom = Math.min(img.height - 1, Math.round(y1));
  for (let x = x0; x <= x1; x++) {
    let last = -1;
    for (let y = top; y <= bottom; y++) {
      if (!img.data[y * w + x]) continue;
      if (last >= 0 && y - last > 1 && y - last - 1 <= maxGap) {
        for (let yy = last + 1; yy < y; yy++) data[yy * w + x] = 1;
      }
      last = y;
    }
  }
  return { width: w, height: img.height, data };
}

/** Ink across most of the glyph's width in its bottom rows (the foot of a 2). */
function flatFoot(g: Glyph, width: number): boolean {
  const h = g.y1 - g.y0 + 1;
  const from = g.y1 - Math.max(1, Math.round(h * 0.15));
  const cols = new Set<number>();
  for (const p of g.pixels) if (Math.floor(p / width) >= from) cols.add(p % width);
  return cols.size >= 0.7 * (g.x1 - g.x0 + 1);
}

function subGlyph(g: Glyph, width: number, keep: (y: number) => boolean): Glyph {
  const out: Glyph = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity, pixels: [] };
  for (const p of g.pixels) {
    const y = Math.floor(p / width);
    if (!keep(y)) continue;
    const x = p % width;
    out.pixels.push(p);
    out.x0 = Math.min(out.x0, x);
    out.x1 = Math.max(out.x1, x);
    out.y0 = Math.min(out.y0, y);
    out.y1 = Math.max(out.y1, y);
  }
  return out;
}

/**
 * The glyph with the pieces of its strokes that went with a staff line put back: where a digit's
 * curve runs along a line, line removal erased the curve with the line (the top of an 8's upper
 * loop, of a 6's loop; a 4's thin diagonal) and the loop came out open. A removed pixel comes
 * back when it lies near a line, between two of the glyph's own pixels in its row, and the ink
 * removed in its column is taller than a line alone: a line crossing a loop's open centre is
 * only a line tall, and put back it would cut the loop in two.
 */
function withLineGaps(
  g: Glyph,
  clean: BinaryImage,
  lined: BinaryImage,
  staff: StaffReading['staff'],
): Glyph {
  const w = clean.width;
  const own = new Set(g.pixels);
  const pixels = [...g.pixels];
  const removed = (x: number, y: number) => {
    const i = y * w + x;
    return !own.has(i) && lined.data[i] === 1 && clean.data[i] === 0;
  };
  const removedHeight = (x: number, y: number) => {
    let a = y;
    let b = y;
    while (a > 0 && removed(x, a - 1)) a--;
    while (b < lined.height - 1 && removed(x, b + 1)) b++;
    return b - a + 1;
  };
  // Rows of a line or of a stroke lying along it; elsewhere a pixel or two the removal took is
  // no line's.
  const reach = staff.thickness / 2 + 1 + staff.space * 0.1;
  for (let y = g.y0; y <= g.y1; y++) {
    if (!staff.lines.some((l) => Math.abs(y - l) <= reach)) continue;
    let runStart = -1;
    for (let x = g.x0; x <= g.x1; x++) {
      if (removed(x, y)) {
        if (runStart < 0) runStart = x;
        continue;
      }
      if (runStart >= 0 && own.has(y * w + x) && own.has(y * w + runStart - 1))
        for (let xx = runStart; xx < x; xx++)
          if (removedHeight(xx, y) > staff.thickness + 1) pixels.push(y * w + xx);
      runStart = -1;
    }
  }
  return { ...g, pixels };
}

export function readTimeSignature(
  img: BinaryImage,
  reading: StaffReading,
  /** The page before staff-line removal: loops a line ran along are closed from it. */
  lined?: BinaryImage,
): TimeHint {
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
  // Staff-line removal cut the digits' strokes that lay along a line: mend gaps no taller
  // than a line in each column of the region first.
  const x0 = Math.max(0, Math.round(reading.musicLeft - s));
  const x1 = Math.min(img.width - 1, Math.round(firstX));
  const mended = mendColumns(
    img,
    x0,
    x1,
    top - s,
    bottom + s,
    Math.ceil(staff.thickness * 1.6 + 1) + 1,
  );
  // Digits that touch across the middle line come out as one glyph: split it there.
  const glyphs = glyphsIn(
    mended,
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
  // The lower digit's loops closed from the lined page must be loop-sized: a pixel put back can
  // also cut a corner off a 4's triangle, a small pocket a true loop is well over. Not the
  // upper digit's: there a notch of a 3 closed into a loop and 3/4 read as 6/8 (bench seed 7).
  const lowHoles = Math.max(
    holesOf(low[0]!, img.width, minArea),
    lined ? holesOf(withLineGaps(low[0]!, img, lined, staff), img.width, minArea * 2) : 0,
  );
  const upHoles = up.map((g) => holesOf(g, img.width, minArea));
  // No loop below: a 2 (a flat foot as wide as the digit) or an open 4 (a narrow foot).
  const beatType = lowHoles >= 2 ? 8 : lowHoles === 1 ? 4 : flatFoot(low[0]!, img.width) ? 2 : null;
  const beats = up.length === 2 ? 12 : null;
  // A loop in the upper digit: 6 or 9 (or 4, which no three-crotchet bar has).
  const compound = up.length === 2 || upHoles[0]! >= 1;
  return { beats, beatType, compound };
}
