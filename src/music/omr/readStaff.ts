/**
 * Stage 4–6 (issue 20 item 1): the symbols of one staff, in staff-space units so any
 * resolution or engraver reads the same. Every note in pipe music has a stem, and the stem
 * says what the note is: melody notes have stems DOWN (head at the stem's top, to its right),
 * grace notes have stems UP (a small head at the stem's bottom, to its left). So the reader
 * finds vertical strokes, then looks for a head at either end; strokes with no head that span
 * the staff are bar lines (thin/thick, with repeat dots). Beams and flags are counted beside
 * the melody stem's free end (1 = quaver, 2 = semiquaver, 3 = demisemiquaver); a small round
 * blob right of a head is a dot. Pitch is the head centre's height in half staff spaces
 * above the bottom line (E): Low G is two steps up (the second line) … High A ten.
 */
import type { Pitch } from '../notes.ts';
import type { BinaryImage } from './binarise.ts';
import type { Staff } from './findStaves.ts';
import { findStrokes, type Stroke } from './findStrokes.ts';
import { glyphsIn, type Glyph } from './glyphsIn.ts';
import { readRests, type ReadRest } from './readRests.ts';
import { readSemibreves } from './readSemibreves.ts';
import { readTies } from './readTies.ts';
import { readTriplets } from './readTriplets.ts';

export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface ReadNote {
  readonly grace: boolean;
  readonly head: Box;
  /** Head centre in half staff spaces above the bottom line (E = 0, Low G = 2, High A = 10). */
  readonly step: number;
  readonly pitch: Pitch | null;
  readonly stem: Stroke;
  /** Beams or flags on a melody stem. */
  readonly beams: number;
  readonly hollow: boolean;
  /** A semibreve (./readSemibreves.ts): a ringed head with no stem. */
  readonly whole?: boolean;
  readonly dots: number;
  /** The dot's ink box (a tie from a dotted note arcs over it), or null. */
  readonly dot: Box | null;
  readonly beamLeft: boolean;
  readonly beamRight: boolean;
  /** 0 = clear; up to 1 when the head sat between two positions or looked odd. */
  readonly doubt: number;
}

export type BarLineKind =
  'bar' | 'double' | 'open-part' | 'open-repeat' | 'close-part' | 'close-repeat';

export interface ReadBarLine {
  readonly x0: number;
  readonly x1: number;
  readonly kind: BarLineKind;
  /** Drawn at the staff's right end. */
  readonly atEnd: boolean;
}

export interface StaffReading {
  readonly staff: Staff;
  readonly notes: readonly ReadNote[];
  readonly barLines: readonly ReadBarLine[];
  /** x where the music starts (after the clef, key and time signature). */
  readonly musicLeft: number;
  /** Melody notes tied to the next melody note (./readTies.ts). */
  readonly tied: ReadonlySet<ReadNote>;
  /** First notes of beamed triplets, three melody notes each (./readTriplets.ts). */
  readonly triplets: ReadonlySet<ReadNote>;
  /** Rests, left to right (./readRests.ts). */
  readonly rests: readonly ReadRest[];
}

const scale: readonly Pitch[] = ['LG', 'LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA'];

interface Band {
  readonly top: number;
  readonly bottom: number;
  readonly x0: number;
  readonly x1: number;
  readonly fill: number;
  /** Share of its rows with paper between two runs of ink: the open centre of a hollow head. */
  readonly holed: number;
}

/**
 * Rows whose ink run, starting at the stem's edge `fromX` and going in `dir`, is at least
 * `minSpan` long (gaps of a pixel bridged, at most `maxWidth`), grouped into bands; the band
 * nearest `anchor`. Only ink attached to the stem counts, so a neighbouring stem is never
 * part of a head.
 */
function headBand(
  img: BinaryImage,
  fromX: number,
  dir: 1 | -1,
  maxWidth: number,
  yFrom: number,
  yTo: number,
  minSpan: number,
  anchor: number,
  maxGap = 1,
): Band | null {
  const { width: w, height: h, data } = img;
  const bands: {
    top: number;
    bottom: number;
    x0: number;
    x1: number;
    ink: number;
    span: number;
    holed: number;
    /** Whether the band's last row was holed (its first is `firstHoled`). */
    lastHoled: boolean;
    firstHoled: boolean;
  }[] = [];
  let cur: (typeof bands)[number] | null = null;
  const start = Math.round(fromX);
  for (let y = Math.max(0, Math.round(yFrom)); y <= Math.min(h - 1, Math.round(yTo)); y++) {
    let x = start;
    let skipped = 0;
    while (skipped < Math.max(2, maxGap / 2) && x >= 0 && x < w && !data[y * w + x]) {
      x += dir;
      skipped++;
    }
    let count = 0;
    let last = -1;
    let gap = 0;
    let holed = false;
    for (; x >= 0 && x < w && Math.abs(x - start) <= maxWidth; x += dir) {
      if (data[y * w + x]) {
        if (gap > 0 && last >= 0) holed = true;
        count++;
        last = x;
        gap = 0;
      } else if (++gap > maxGap) break;
    }
    const span = last < 0 ? 0 : Math.abs(last - start) + 1;
    if (span >= minSpan) {
      const lo = Math.min(start, last);
      const hi = Math.max(start, last);
      if (!cur) {
        cur = {
          top: y,
          bottom: y,
          x0: lo,
          x1: hi,
          ink: 0,
          span: 0,
          holed: 0,
          firstHoled: holed,
          lastHoled: false,
        };
        bands.push(cur);
      }
      cur.bottom = y;
      cur.x0 = Math.min(cur.x0, lo);
      cur.x1 = Math.max(cur.x1, hi);
      cur.ink += count;
      cur.span += span;
      if (holed) cur.holed++;
      cur.lastHoled = holed;
    } else cur = null;
  }
  let best: Band | null = null;
  let bestD = Infinity;
  for (const b of bands) {
    const d = anchor < b.top ? b.top - anchor : anchor > b.bottom ? anchor - b.bottom : 0;
    if (d < bestD) {
      bestD = d;
      best = {
        top: b.top,
        bottom: b.bottom,
        x0: b.x0,
        x1: b.x1,
        fill: b.ink / Math.max(1, b.span),
        // Only a hole closed above and below is a head's open centre; stems under a grace
        // group's beams leave paper between runs down to the band's foot.
        holed: b.firstHoled || b.lastHoled ? 0 : b.holed / (b.bottom - b.top + 1),
      };
    }
  }
  return best;
}

/** Share of the band's rows with ink somewhere in columns [xa, xb]. */
function rowsInked(img: BinaryImage, xa: number, xb: number, top: number, bottom: number): number {
  const { width: w, height: h, data } = img;
  let n = 0;
  let rows = 0;
  for (let y = Math.max(0, top); y <= Math.min(h - 1, bottom); y++) {
    rows++;
    for (let x = Math.max(0, Math.round(xa)); x <= Math.min(w - 1, Math.round(xb)); x++) {
      if (data[y * w + x]) {
        n++;
        break;
      }
    }
  }
  return rows === 0 ? 0 : n / rows;
}

/**
 * Whether ink joined to the stem's top (8-connected, within half a space of the band's rows)
 * reaches column `x`: beams run on from the stem, a neighbour's head stands apart.
 */
function reachesRight(
  img: BinaryImage,
  st: Stroke,
  band: Band,
  x: number,
  margin: number,
): boolean {
  const { width: w, data } = img;
  const x0 = st.x0;
  const x1 = Math.min(w - 1, Math.round(x));
  const y0 = Math.max(0, Math.round(band.top - margin));
  const y1 = Math.min(img.height - 1, Math.round(band.bottom + margin));
  const seen = new Uint8Array((x1 - x0 + 1) * (y1 - y0 + 1));
  const at = (px: number, py: number) => (py - y0) * (x1 - x0 + 1) + (px - x0);
  const stack: number[] = [];
  for (let y = Math.max(y0, band.top); y <= Math.min(y1, band.bottom); y++)
    for (let px = st.x0; px <= st.x1; px++)
      if (data[y * w + px]) {
        seen[at(px, y)] = 1;
        stack.push(px, y);
      }
  while (stack.length > 0) {
    const py = stack.pop()!;
    const px = stack.pop()!;
    if (px >= x1) return true;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = px + dx;
        const ny = py + dy;
        if (nx < x0 || nx > x1 || ny < y0 || ny > y1 || seen[at(nx, ny)]) continue;
        if (!data[ny * w + nx]) continue;
        seen[at(nx, ny)] = 1;
        stack.push(nx, ny);
      }
  }
  return false;
}

function inkShare(img: BinaryImage, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  let all = 0;
  for (let y = Math.round(y0); y <= Math.round(y1); y++) {
    for (let x = Math.round(x0); x <= Math.round(x1); x++) {
      all++;
      if (x >= 0 && y >= 0 && x < img.width && y < img.height && img.data[y * img.width + x]) n++;
    }
  }
  return all === 0 ? 0 : n / all;
}

/** Ink runs down one column between two rows (beams and flags crossing it). */
function runsInColumn(
  img: BinaryImage,
  x: number,
  yFrom: number,
  yTo: number,
  minRun: number,
  staffLines: readonly number[] = [],
  s = 0,
): number {
  const { width: w, height: h, data } = img;
  x = Math.round(x);
  if (x < 0 || x >= w) return 0;
  let runs = 0;
  let len = 0;
  for (let y = Math.max(0, Math.round(yFrom)); y <= Math.min(h - 1, Math.round(yTo)) + 1; y++) {
    if (y <= Math.min(h - 1, Math.round(yTo)) && data[y * w + x]) len++;
    else {
      if (len >= minRun) runs++;
      // Two beams with a staff line in the paper between them are one run once the line is
      // kept under them: a run holding a line with a beam's depth of ink on both sides is two.
      const top = y - len;
      if (len >= s * 0.8 && staffLines.some((l) => l - top >= s * 0.3 && y - 1 - l >= s * 0.3))
        runs++;
      len = 0;
    }
  }
  return runs;
}

/**
 * A compact blob (a dot) whose ink touches the box and that `fits` (where the caller expects
 * it), or null. Not by fill: a dot at 150 dpi is a few pixels across and fills its box no
 * better than a short tie's hat does (a stricter fill lost dots at 150 dpi, bench seed 7).
 */
function dotIn(
  img: BinaryImage,
  box: Box,
  space: number,
  fits: (dot: Box) => boolean = () => true,
  /** Columns the blob may not spread into (a bar line a repeat dot touches at 150 dpi). */
  wall?: { readonly x0: number; readonly x1: number },
): Box | null {
  const { width: w, height: h, data } = img;
  const seen = new Set<number>();
  const maxSide = space * 0.75;
  const minSide = Math.max(1, space * 0.18);
  for (let y = Math.max(0, Math.round(box.y0)); y <= Math.min(h - 1, Math.round(box.y1)); y++) {
    for (let x = Math.max(0, Math.round(box.x0)); x <= Math.min(w - 1, Math.round(box.x1)); x++) {
      const i = y * w + x;
      if (!data[i] || seen.has(i)) continue;
      // Flood the whole blob (so a bigger symbol is never seen piecemeal as a dot later).
      const stack = [i];
      seen.add(i);
      let x0 = x;
      let x1 = x;
      let y0 = y;
      let y1 = y;
      let count = 0;
      while (stack.length > 0) {
        const j = stack.pop()!;
        const jx = j % w;
        const jy = (j - jx) / w;
        count++;
        x0 = Math.min(x0, jx);
        x1 = Math.max(x1, jx);
        y0 = Math.min(y0, jy);
        y1 = Math.max(y1, jy);
        for (const k of [j - 1, j + 1, j - w, j + w]) {
          if (k < 0 || k >= w * h || seen.has(k) || !data[k]) continue;
          if (Math.abs((k % w) - jx) > 1) continue;
          if (wall && k % w >= wall.x0 && k % w <= wall.x1) continue;
          seen.add(k);
          stack.push(k);
        }
      }
      const big = x1 - x0 > maxSide || y1 - y0 > maxSide;
      if (big) continue;
      const bw = x1 - x0 + 1;
      const bh = y1 - y0 + 1;
      if (bw < minSide || bh < minSide) continue;
      if (Math.max(bw, bh) > 1.8 * Math.min(bw, bh)) continue;
      if (count < 0.5 * bw * bh) continue;
      if (!fits({ x0, y0, x1, y1 })) continue;
      return { x0, y0, x1, y1 };
    }
  }
  return null;
}

/**
 * Where a dot joined to its head by thickened toner is cut off, or null: the head's ink thins
 * to a bridge (a pixel or two, ~0.1 space, in the dot's rows) and more ink follows
 * within a dot's reach; the last column before that ink. The head must be a head's width from
 * the stem first.
 */
function neckAfterHead(
  img: BinaryImage,
  st: Stroke,
  band: Band,
  box: Box,
  s: number,
): number | null {
  const { width: w, data } = img;
  const y0 = Math.max(0, Math.round(box.y0));
  const y1 = Math.min(img.height - 1, Math.round(box.y1));
  const inkAt = (x: number) => {
    let n = 0;
    for (let y = y0; y <= y1; y++) n += data[y * w + x]!;
    return n;
  };
  const thin = Math.max(1, Math.round(s * 0.1));
  const from = Math.round(Math.max(st.x1 + s * 0.8, band.x1 - s * 0.3));
  const to = Math.min(w - 2, Math.round(band.x1 + s * 0.6));
  for (let x = Math.max(0, from); x <= to; x++) {
    if (inkAt(x) > thin) continue;
    // The wall runs on over the bridge up to the dot's first column.
    for (let r = x + 1; r <= Math.min(w - 1, x + s * 0.6); r++) if (inkAt(r) >= 2) return r - 1;
    return null;
  }
  return null;
}

/** Whether the blob's middle column is ink from top to bottom (one pixel may be missing). */
function solidMiddle(img: BinaryImage, box: Box): boolean {
  const x = Math.round((box.x0 + box.x1) / 2);
  let ink = 0;
  for (let y = box.y0; y <= box.y1; y++) ink += img.data[y * img.width + x]!;
  return ink >= box.y1 - box.y0;
}

/** Whether `dot` has a twin one staff space above or below it: the two dots of a repeat sign. */
function repeatDot(img: BinaryImage, dot: Box, s: number): boolean {
  const cy = (dot.y0 + dot.y1) / 2;
  return [-1, 1].some(
    (dir) =>
      dotIn(
        img,
        { x0: dot.x0, y0: cy + dir * s - s * 0.25, x1: dot.x1, y1: cy + dir * s + s * 0.25 },
        s,
        (twin) => Math.abs((twin.x0 + twin.x1) / 2 - (dot.x0 + dot.x1) / 2) <= s * 0.25,
      ) !== null,
  );
}

export function readStaff(
  img: BinaryImage,
  staff: Staff,
  bandTop: number,
  bandBottom: number,
  /** The page before staff-line removal: ties lying along a line are read there. */
  lined?: BinaryImage,
): StaffReading {
  const s = staff.space;
  const top = staff.lines[0];
  const bottom = staff.lines[4];
  const strokes = findStrokes(
    img,
    { top: bandTop, bottom: bandBottom, left: staff.left, right: staff.right + 2 },
    Math.max(3, Math.round(s * 2)),
    Math.max(2, Math.round(s * 0.8)),
  );
  // The clef's spine is taller than any stem and sits at the line's start; nothing before its
  // right edge (or the first third of the staff's first few spaces) is music.
  let musicLeft = staff.left + s * 2.5;
  for (const st of strokes) {
    if (st.x0 < staff.left + s * 4 && st.bottom - st.top > s * 5.5) {
      musicLeft = Math.max(musicLeft, st.x1 + s);
    }
  }
  musicLeft = afterLineStart(img, staff, musicLeft);
  const minRun = Math.max(1, Math.round(s * 0.12));
  const notes: ReadNote[] = [];
  const plain: Stroke[] = [];
  for (const st of strokes) {
    if (st.x0 < musicLeft) continue;
    const length = st.bottom - st.top;
    const melodyAt = (maxGap: number): Band | null =>
      length >= s * 2.3 && length <= s * 7
        ? headBand(
            img,
            st.x0,
            1,
            s * 1.5,
            st.top - s * 0.9,
            st.top + s * 1.4,
            s * 0.6,
            st.top,
            maxGap,
          )
        : null;
    const melodyFits = (band: Band | null): band is Band =>
      band !== null &&
      band.bottom - band.top >= s * 0.4 &&
      band.bottom - band.top <= s * 1.6 &&
      band.x1 - st.x1 >= s * 0.5 &&
      band.top > st.top - s * 0.9 &&
      // No melody note sits higher than High A (a ledger line above the staff); grace beams do.
      bottom - (band.top + band.bottom) / 2 <= s * 5.65 &&
      // A band cut off by the window's foot is not a head (a thick bar line beside a thin one).
      band.bottom < st.top + s * 1.4 - 1.5 &&
      // A stem meets its head; a stroke that starts below the band is a flag's edge under the
      // next note's grace head (a demisemiquaver's flags at 150 dpi).
      band.bottom >= st.top - 1;
    let melody = melodyAt(1);
    if (!melodyFits(melody)) {
      // A minim: its head's rows have paper in the middle, so bridge the open centre.
      // Two lines spanning the staff closer than a head is wide are a bar-line pair, not a
      // minim on the first: at 150 dpi a closing repeat's thin line stands two pixels from the
      // thick one, whose soft edge column is ink only near the top, and bridged to, the pair's
      // top rows looked like an open head (bench seed 7).
      const spans = (o: Stroke) =>
        Math.abs(o.top - top) <= s * 0.6 && Math.abs(o.bottom - bottom) <= s * 0.6;
      const pair =
        spans(st) && strokes.some((o) => o.x0 > st.x1 && o.x0 - st.x1 <= s * 0.75 && spans(o));
      const open = pair ? null : melodyAt(Math.max(1, Math.round(s * 0.7)));
      // A minim's open centre is narrow at 150 dpi and a ledger line fills it in part (High A),
      // so its head can be as full as 0.8; rows with paper between two runs of ink still tell it.
      if (melodyFits(open) && (open.fill < 0.75 || open.holed >= 0.3)) melody = open;
    }
    const melodyOk = melodyFits(melody);
    // The head of the note before may reach into that strip when notes are close (a minim
    // after a semiquaver at 150 dpi): its columns are not this stem's business.
    const before = notes.at(-1);
    const clearFrom =
      before &&
      !before.grace &&
      before.head.y1 >= (melody?.top ?? 0) &&
      before.head.y0 <= (melody?.bottom ?? 0)
        ? Math.max(st.x0 - s * 0.45, before.head.x1 + 1)
        : st.x0 - s * 0.45;
    const leftClear =
      melody !== null &&
      (clearFrom > st.x0 - 1 ||
        rowsInked(img, clearFrom, st.x0 - 1, melody.top, melody.bottom) < 0.5);
    // A solid head may have a grace note tucked against its stem; a hollow one (a minim) must
    // stand clear, or it is a grace group's beams.
    const melodyShape = melody !== null && (melody.fill >= 0.75 || leftClear);
    // A grace head with a staff line through it is nearly a staff space tall at 150 dpi: the
    // window reaches a space above the stem's foot so such a head is not cut off (bench seed 7:
    // the E of a half doubling on E was lost).
    const graceWindow = s * 1.1;
    const grace = headBand(
      img,
      st.x1,
      -1,
      s * 1.15,
      st.bottom - graceWindow,
      st.bottom + s * 0.6,
      s * 0.45,
      st.bottom,
    );
    const graceOk =
      grace !== null &&
      grace.bottom - grace.top >= s * 0.3 &&
      // Up to 1.4 spaces: toner on a 150 dpi photocopy grows a grace head with a line through
      // it by a pixel or two all round (seed 7: 1.05 lost 69 grace notes of grips and throws).
      grace.bottom - grace.top <= s * 1.4 &&
      st.x0 - grace.x0 >= s * 0.3 &&
      // A head lies inside the window; a band cut off by its top edge is another stroke.
      grace.top > st.bottom - graceWindow + 1.5 &&
      // Grace notes run Low G … High A like the melody; a 'head' on the bottom line or below
      // is the foot of a bar line beside another.
      bottom - (grace.top + grace.bottom) / 2 >= s * 0.75;
    // A stem with a head at each end: the melody reading needs a head that hangs only to the
    // right (a grace group's beams cross the stem's top on both sides).
    // Both ends look like heads: a band that runs on past a head's width at the top is the
    // first stem of a grace group (its beams), not a melody head.
    // The ink out there must be joined to the stem: the next note's grace head standing level
    // with a semiquaver's head (its partial beam at the stem's foot looking like a grace head)
    // is a glyph of its own (bench seed 7: the semiquaver after a dotted High A read as a
    // gracenote).
    const beamed =
      melody !== null &&
      rowsInked(img, st.x0 + s * 1.55, st.x0 + s * 1.9, melody.top, melody.bottom) >= 0.6 &&
      reachesRight(img, st, melody, st.x0 + s * 1.55, s * 0.5);
    // On a toner-thickened photocopy a grace group's three beams fill in to one solid block,
    // head-sized over two close stems; a melody head never has another stem leaving it
    // downwards (seed 7, 150 dpi photocopies: the C of C D graces read as a High A).
    const stemFromHead =
      melody !== null &&
      strokes.some(
        (o) =>
          o.x0 > st.x1 + 1 &&
          o.x0 <= melody.x1 &&
          o.top >= melody.top - s * 0.5 &&
          o.top <= melody.bottom &&
          o.bottom >= melody.bottom + s * 1.5,
      );
    if (
      melody &&
      melodyOk &&
      melodyShape &&
      (!graceOk || (leftClear && !beamed && !stemFromHead))
    ) {
      notes.push(melodyNote(img, st, melody, s, bottom, minRun, staff.lines, staff.thickness));
      continue;
    }
    if (grace && graceOk) {
      const yc = (grace.top + grace.bottom) / 2;
      const step = (bottom - yc) / (s / 2);
      notes.push({
        grace: true,
        head: { x0: grace.x0, y0: grace.top, x1: st.x1, y1: grace.bottom },
        step,
        pitch: pitchOfStep(step),
        stem: st,
        beams: 0,
        hollow: false,
        dots: 0,
        dot: null,
        beamLeft: false,
        beamRight: false,
        doubt: stepDoubt(step),
      });
      continue;
    }
    plain.push(st);
  }
  const barLines = readBarLines(img, staff, plain, notes, top, bottom);
  // Semibreves have no stem: each goes in among the stroke-read notes by its left edge.
  const all = [...notes];
  for (const whole of readSemibreves(img, staff, notes, barLines, musicLeft)) {
    const at = all.findIndex((n) => n.stem.x0 > whole.stem.x0);
    all.splice(at < 0 ? all.length : at, 0, whole);
  }
  return {
    staff,
    notes: all,
    barLines,
    musicLeft,
    tied: readTies(img, s, all, lined && { page: lined, staff }),
    triplets: readTriplets(img, s, all),
    rests: readRests(img, staff, all, barLines, musicLeft),
  };
}

function pitchOfStep(step: number): Pitch | null {
  return scale[Math.round(step) - 2] ?? null;
}

function stepDoubt(step: number): number {
  const off = Math.abs(step - Math.round(step));
  const range = Math.round(step) < 2 || Math.round(step) > 10 ? 1 : 0;
  return Math.min(1, Math.max(0, (off - 0.25) * 3) + range);
}

function melodyNote(
  img: BinaryImage,
  st: Stroke,
  band: Band,
  s: number,
  bottomLine: number,
  minRun: number,
  staffLines: readonly number[],
  lineThickness: number,
): ReadNote {
  const yc = (band.top + band.bottom) / 2;
  const step = (bottomLine - yc) / (s / 2);
  const from = st.bottom - s * 2;
  const to = st.bottom + s * 0.4;
  // Several columns each side: a flag's thin foot where it crosses a staff line is erased with
  // the line, and a semiquaver's short beam may stop before a single column (bench seed 7,
  // 200 dpi: quavers read as crotchets).
  const offsets = [0.3, 0.45, 0.65];
  const runs = (x: number) => runsInColumn(img, x, from, to, minRun, staffLines, s);
  // Left of the stem only the near columns: flags hang right, a beam from the note before
  // crosses them all, but the note before's partial beam pointing this way ends short of the
  // stem and was counted at the far column (a dotted quaver after a semiquaver read as a dotted
  // semiquaver; bench seed 7).
  const left = Math.max(...offsets.slice(0, 2).map((o) => runs(st.x0 - s * o)));
  const right = Math.max(...offsets.map((o) => runs(st.x1 + s * o)));
  const beams = Math.min(3, Math.max(left, right));
  // A hollow head (minim) has paper at its centre.
  const cx = (st.x0 + band.x1) / 2;
  const core = s * 0.12;
  // High A's ledger line runs through its centre: look just above it too.
  const hollow =
    beams === 0 &&
    Math.min(
      inkShare(img, cx - core, yc - core, cx + core, yc + core),
      inkShare(img, cx - core, yc - core * 2.5, cx + core, yc - core),
    ) < 0.5;
  const head: Box = { x0: st.x0, y0: band.top, x1: band.x1, y1: band.bottom };
  let dots = 0;
  // A dot is solid down its middle column; a short tie from a dotted note (VexFlow draws a hat
  // barely wider than the dot when the next head is near) is as compact but an arch, paper under
  // its top, and was taken for the dot (bench seed 7). A dot with a twin a space above or below
  // is half of a repeat sign (a Low A's space holds the lower one).
  const dotBox = {
    x0: band.x1 + s * 0.15,
    y0: yc - s * 0.9,
    x1: band.x1 + s * 1.2,
    y1: yc + s * 0.45,
  };
  const dotFits = (d: Box) => solidMiddle(img, d) && !repeatDot(img, d, s);
  let dot = dotIn(img, dotBox, s, dotFits);
  if (!dot) {
    // On a toner-thickened photocopy at 150 dpi the paper between head and dot (a pixel or two)
    // fills in here and there: flooded with the head, the dot was too big (seed 7: 99 missed
    // dots on photocopies). The thinnest column between them is a wall for a second look.
    const neck = neckAfterHead(img, st, band, dotBox, s);
    // Cut off, a High A's ledger line ends in a compact stub as thick as toner makes it: a dot
    // is two pixels taller than a line and 0.3 space at least (seed 7: High As read dotted, at
    // 300 dpi too, where the stub is 4–5 px).
    if (neck !== null)
      dot = dotIn(
        img,
        { ...dotBox, x0: neck + 1 },
        s,
        (d) => d.y1 - d.y0 + 1 >= Math.max(lineThickness + 2, s * 0.3) && dotFits(d),
        { x0: st.x0, x1: neck },
      );
  }
  if (dot) dots = 1;
  return {
    grace: false,
    head,
    step,
    pitch: pitchOfStep(step),
    stem: st,
    beams,
    hollow,
    dots,
    dot,
    beamLeft: left > 0,
    beamRight: right > 0,
    doubt: stepDoubt(step),
  };
}

function readBarLines(
  img: BinaryImage,
  staff: Staff,
  plain: readonly Stroke[],
  notes: readonly ReadNote[],
  top: number,
  bottom: number,
): ReadBarLine[] {
  const s = staff.space;
  const spans = (st: Stroke) =>
    Math.abs(st.top - top) <= s * 0.6 && Math.abs(st.bottom - bottom) <= s * 0.6;
  // A thin bar line leaning a degree (a photocopy's skew) steps a column over part way down; the
  // part above or below the step may be shorter than a stroke and was left out, and the bar line
  // with it (seed 7, 150 dpi photocopies). Followed across its steps, it spans the staff.
  const spanning = plain
    .map((st) => {
      if (spans(st)) return st;
      const followed = followLean(img, st, top - s, bottom + s);
      return spans(followed) && thinAlong(img, followed) ? followed : st;
    })
    .filter(spans);
  if (spanning.length === 0) return [];
  const stemWidths = notes.filter((n) => !n.grace).map((n) => n.stem.x1 - n.stem.x0 + 1);
  const widths = [...stemWidths, ...spanning.map((st) => st.x1 - st.x0 + 1)].sort((a, b) => a - b);
  const thin = widths[Math.floor(widths.length / 4)]!;
  const isThick = (st: Stroke): boolean =>
    st.x1 - st.x0 + 1 >= Math.max(thin * 1.8, thin + 2, s * 0.3);
  const clusters: Stroke[][] = [];
  for (const st of spanning) {
    const last = clusters.at(-1);
    if (last && st.x0 - (last.at(-1) as Stroke).x1 <= s * 1.1) last.push(st);
    else clusters.push([st]);
  }
  const out: ReadBarLine[] = [];
  const midTop = top + s * 1.5;
  const midBottom = top + s * 2.5;
  // The bar line beside the dots is a wall: at 150 dpi a repeat dot touches the thin line and,
  // flooded with it, was too big for a dot (closing repeats read as part ends, bench seed 7).
  const dotsAt = (xa: number, xb: number, wall: { x0: number; x1: number }): number =>
    [midTop, midBottom].filter((y) =>
      dotIn(img, { x0: xa, y0: y - s * 0.3, x1: xb, y1: y + s * 0.3 }, s, undefined, wall),
    ).length;
  for (const c of clusters) {
    const x0 = c[0]!.x0;
    const x1 = (c.at(-1) as Stroke).x1;
    // The line every staff starts with is not a bar line of the tune.
    if (x1 <= staff.left + s * 0.6) continue;
    const atEnd = x1 >= staff.right - s * 0.6;
    // Within a pair, the clearly wider line is the thick one whatever the page's pen.
    const widthsHere = c.map((st) => st.x1 - st.x0 + 1);
    const narrowest = Math.min(...widthsHere);
    const thick = c.map(
      (st, i) =>
        isThick(st) ||
        (c.length >= 2 && widthsHere[i]! >= narrowest * 1.6 && widthsHere[i]! >= narrowest + 2),
    );
    // Dots left of the pair may not spread into its lines; nor dots right of it.
    const before = { x0, x1: x1 + s };
    const after = { x0: x0 - s, x1 };
    let kind: BarLineKind = 'bar';
    if (c.length >= 2 && thick[0] && !thick[thick.length - 1]) {
      kind = dotsAt(x1 + 1, x1 + s, after) >= 2 ? 'open-repeat' : 'open-part';
    } else if (c.length >= 2 && !thick[0] && thick[thick.length - 1]) {
      kind = dotsAt(x0 - s, x0 - 1, before) >= 2 ? 'close-repeat' : 'close-part';
    } else if (c.length >= 2) {
      // Two lines neither clearly thick (at 150 dpi a thick line is 3 px to a thin one's 2): repeat
      // dots beside them still say repeat, as a plain double bar never has dots (bench seed 7).
      kind =
        dotsAt(x0 - s, x0 - 1, before) >= 2
          ? 'close-repeat'
          : dotsAt(x1 + 1, x1 + s, after) >= 2
            ? 'open-repeat'
            : pairKind(widthsHere);
    } else if (thick[0]) kind = atEnd ? 'close-part' : 'open-part';
    out.push({ x0, x1, kind, atEnd });
  }
  return out;
}

/**
 * A stroke carried on up and down through the column beside its end, where a leaning thin line
 * steps over (ink beside the end row, running on past it), a few steps at most, within `yTop` …
 * `yBottom`.
 */
function followLean(img: BinaryImage, st: Stroke, yTop: number, yBottom: number): Stroke {
  const { width: w, data } = img;
  const ink = (x: number, y: number) =>
    x >= 0 && x < w && y >= 0 && y < img.height && data[y * w + x] === 1;
  let { x0, x1, top, bottom } = st;
  for (const dir of [-1, 1] as const) {
    let end = dir < 0 ? top : bottom;
    // The column holding the end row (the stroke's own, first).
    let col = -1;
    for (let x = x0; x <= x1 && col < 0; x++) if (ink(x, end)) col = x;
    for (let step = 0; step < 3 && col >= 0; step++) {
      let best = end;
      let bestCol = -1;
      for (const x of [col - 1, col + 1]) {
        // The neighbour's run must overlap the end (or meet it diagonally) and run on past it.
        let y = -1;
        for (const dy of [0, -dir, dir]) if (ink(x, end + dy)) y = end + dy;
        if (y < 0) continue;
        while (ink(x, y + dir) && (dir < 0 ? y > yTop : y < yBottom)) y += dir;
        if ((y - best) * dir >= 2) {
          best = y;
          bestCol = x;
        }
      }
      if (bestCol < 0) break;
      end = best;
      col = bestCol;
      x0 = Math.min(x0, col);
      x1 = Math.max(x1, col);
    }
    if (dir < 0) top = end;
    else bottom = end;
  }
  return { x0, x1, top, bottom };
}

/**
 * Whether a stroke is a thin line all along: in nearly every row the ink across it is no wider
 * than the stroke and a pixel. A demisemiquaver's flags curl down into one column beside the
 * staff, which followed across its steps spanned the staff, and they run off sideways (seed 7,
 * clean 150 dpi: a part start read in mid-bar).
 */
function thinAlong(img: BinaryImage, st: Stroke): boolean {
  const { width: w, data } = img;
  const most = st.x1 - st.x0 + 2;
  let thin = 0;
  for (let y = st.top; y <= st.bottom; y++) {
    let a = -1;
    for (let x = st.x0; x <= st.x1 && a < 0; x++) if (data[y * w + x]) a = x;
    if (a < 0) continue;
    let l = a;
    let r = a;
    while (l > 0 && data[y * w + l - 1]) l--;
    while (r < w - 1 && data[y * w + r + 1]) r++;
    if (r - l + 1 <= most) thin++;
  }
  return thin >= 0.85 * (st.bottom - st.top + 1);
}

/**
 * Past the key signature and time signature at a line's start: glyphs left to right that look
 * like sharps (about three spaces tall, narrow, around the upper lines where F and C sharps
 * sit) or digits (wholly in the upper or lower half of the staff). The first glyph that is
 * neither is music.
 */
function afterLineStart(img: BinaryImage, staff: Staff, from: number): number {
  const s = staff.space;
  const top = staff.lines[0];
  const mid = staff.lines[2];
  const bottom = staff.lines[4];
  const glyphs = glyphsIn(img, from, top - s * 0.5, Math.min(staff.right, from + s * 14), bottom)
    .filter((g) => g.pixels.length >= s * s * 0.1)
    .sort((a, b) => a.x0 - b.x0);
  let end = from;
  for (const g of glyphs) {
    const height = g.y1 - g.y0;
    const width = g.x1 - g.x0;
    // The clef (or anything begun before `from`) is behind us.
    if (g.x0 < from || g.x1 <= end) continue;
    const sharp =
      height >= s * 2 &&
      height <= s * 3.8 &&
      width <= s * 1.6 &&
      g.y0 >= top - s * 2 &&
      g.y1 <= bottom;
    const digit =
      height >= s * 1.2 &&
      height <= s * 2.4 &&
      width <= s * 2.2 &&
      ((g.y0 >= top - s * 0.4 && g.y1 <= mid + s * 0.4) ||
        (g.y0 >= mid - s * 0.4 && g.y1 <= bottom + s * 0.4));
    // Stacked digits joined through the middle line read as one glyph of the staff's height.
    const digits =
      height >= s * 3.4 &&
      height <= s * 4.4 &&
      width <= s * 2.2 &&
      g.y0 >= top - s * 0.4 &&
      g.y1 <= bottom + s * 0.4;
    // A bar line (a part start) is a solid upright: music, not key or time.
    const solid = g.pixels.length >= 0.8 * (width + 1) * (height + 1);
    // A melody note's stem is one unbroken column three spaces long; two stacked digits have no
    // such column (an E at a line's start without a time signature read as two digits). Sharps
    // do, and are told apart by their height.
    const stem = digits && !sharp && !digit && longestColumn(img, g) >= s * 2.9;
    if (solid || (!sharp && !digit && !digits) || stem) break;
    end = g.x1 + 1;
  }
  return end;
}

/** The longest vertical ink run of a glyph's own pixels. */
function longestColumn(img: BinaryImage, g: Glyph): number {
  const own = new Set(g.pixels);
  let best = 0;
  for (let x = g.x0; x <= g.x1; x++) {
    let run = 0;
    for (let y = g.y0; y <= g.y1; y++) {
      if (own.has(y * img.width + x)) best = Math.max(best, ++run);
      else run = 0;
    }
  }
  return best;
}

/**
 * Two bar lines with no repeat dots, neither clearly thick: still a part's end (or start) when
 * one is a good deal wider than the other (at 200 dpi a thick line is 3 px to a thin one's 2,
 * and a part end read as a double bar; bench seed 7). Equal widths are a double bar.
 */
function pairKind(widths: readonly number[]): BarLineKind {
  const first = widths[0]!;
  const last = widths.at(-1)!;
  if (last >= first * 1.4 && last >= first + 1) return 'close-part';
  if (first >= last * 1.4 && first >= last + 1) return 'open-part';
  return 'double';
}
