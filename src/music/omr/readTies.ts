/**
 * Ties (issue 20 item 1: 'durations (stems, flags, beams, dots, ties …)'): a thin arc from one
 * melody note's head to the next one's. Melody stems point down in pipe music, so engravers
 * (and the app's renderer, VexFlow's StaveTie) curve the tie over the heads. Read after staff
 * lines are removed: between two melody notes with no grace notes between them (a tied note is
 * not struck again, so nothing is played between), almost every column from just right of the
 * first head to just left of the second holds a short ink run in a band reaching a staff space
 * and a half above the higher head (most, not all: where the arc lies along a staff line it
 * went with the line). Stems, bar lines and beams are either taller, lower or only
 * a few columns wide, so they never fill the band. A tie joins two notes of one pitch, so heads
 * more than half a step apart are never tied. A tie from a dotted note arcs over the dot, often
 * short (VexFlow draws a hat barely wider than the dot when the next head is near: bench seed 7,
 * 'Bells of Dunblane', every C. ~ C missed): after a dot a few columns are enough. An arc lying along a staff
 * line went with the line: there the line on the page before removal is thicker than a line
 * (alongLine). A tie split across two lines: ./readLineTies.ts.
 */
import type { BinaryImage } from './binarise.ts';
import type { Staff } from './findStaves.ts';
import type { ReadNote } from './readStaff.ts';

/** Share of the gap's columns that must hold arc ink. */
export const FILLED = 0.6;

/**
 * The share of columns x0 … x1 whose lowest ink run in the band from 1.5 staff spaces above
 * `headTop` to 0.3 below it is thin (≤ 0.45 space): an arc, not a stem, a head or a digit.
 */
export function arcShare(
  img: BinaryImage,
  s: number,
  x0: number,
  x1: number,
  headTop: number,
  lined?: LinedPage,
): number {
  const yTop = Math.max(0, Math.round(headTop - s * 1.5));
  const yBottom = Math.min(img.height - 1, Math.round(headTop + s * 0.3));
  let filled = 0;
  let columns = 0;
  for (let x = Math.max(0, x0); x <= Math.min(img.width - 1, x1); x++) {
    columns++;
    let run = 0;
    let best = 0;
    for (let y = yTop; y <= yBottom + 1; y++) {
      if (y <= yBottom && img.data[y * img.width + x]) run++;
      else {
        if (run > 0 && run <= s * 0.45) best = run;
        run = 0;
      }
    }
    if (best > 0 || (lined && alongLine(lined, x, yTop, yBottom, s))) filled++;
  }
  return columns > 0 ? filled / columns : 0;
}

/** The page before staff-line removal and the staff read on it. */
export interface LinedPage {
  readonly page: BinaryImage;
  readonly staff: Staff;
}

/**
 * An arc lying along a staff line went with the line (removeStaffLines erases any run no
 * taller than a line and a half): on the page with its lines, the run through the line is
 * thicker there than the line itself — by a pixel at least, and by less than an arc's width.
 */
function alongLine(lined: LinedPage, x: number, yTop: number, yBottom: number, s: number) {
  const { page, staff } = lined;
  const { width: w, height: h, data } = page;
  for (const ly of staff.lines) {
    const c = Math.round(ly);
    if (c < yTop || c > yBottom) continue;
    let y = -1;
    for (let d = 0; d <= Math.ceil(staff.thickness / 2) + 1 && y < 0; d++) {
      if (c - d >= 0 && data[(c - d) * w + x]) y = c - d;
      else if (c + d < h && data[(c + d) * w + x]) y = c + d;
    }
    if (y < 0) continue;
    let top = y;
    let bottom = y;
    while (top > 0 && data[(top - 1) * w + x]) top--;
    while (bottom < h - 1 && data[(bottom + 1) * w + x]) bottom++;
    const run = bottom - top + 1;
    if (run >= staff.thickness + 1 && run <= staff.thickness + s * 0.45) return true;
  }
  return false;
}

export function readTies(
  img: BinaryImage,
  space: number,
  notes: readonly ReadNote[],
  lined?: LinedPage,
): Set<ReadNote> {
  const tied = new Set<ReadNote>();
  const s = space;
  const sorted = [...notes].sort((a, b) => a.stem.x0 - b.stem.x0);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    if (a.grace) continue;
    const b = sorted[i + 1];
    if (!b || b.grace) continue;
    if (Math.abs(a.step - b.step) > 0.5) continue;
    // Heads may nearly touch (a short tie between beamed quavers). A dot beside the first head
    // is no part of the arc: the count starts after it, however few columns are left.
    const x0 = a.dot ? a.dot.x1 + 2 : Math.round(a.head.x1 + s * 0.12);
    const x1 = Math.round(b.head.x0 - s * 0.12);
    if (x1 - x0 + 1 < (a.dot ? 2 : Math.max(2, s * 0.3))) continue;
    if (arcShare(img, s, x0, x1, Math.min(a.head.y0, b.head.y0), lined) >= FILLED) tied.add(a);
  }
  return tied;
}
