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
 * 'Bells of Dunblane', every C. ~ C missed): after a dot a few columns are enough. A tie split across two lines is not read.
 */
import type { BinaryImage } from './binarise.ts';
import type { ReadNote } from './readStaff.ts';

/** Share of the gap's columns that must hold arc ink. */
const FILLED = 0.6;

export function readTies(
  img: BinaryImage,
  space: number,
  notes: readonly ReadNote[],
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
    const headTop = Math.min(a.head.y0, b.head.y0);
    const yTop = Math.max(0, Math.round(headTop - s * 1.5));
    const yBottom = Math.min(img.height - 1, Math.round(headTop + s * 0.3));
    let filled = 0;
    let columns = 0;
    for (let x = x0; x <= x1; x++) {
      columns++;
      // The lowest ink run in the band, bottom up, must be thin (an arc, not a stem or digit).
      let run = 0;
      let best = 0;
      for (let y = yTop; y <= yBottom + 1; y++) {
        if (y <= yBottom && img.data[y * img.width + x]) run++;
        else {
          if (run > 0 && run <= s * 0.45) best = run;
          run = 0;
        }
      }
      if (best > 0) filled++;
    }
    if (columns > 0 && filled / columns >= FILLED) tied.add(a);
  }
  return tied;
}
