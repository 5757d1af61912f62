/**
 * Ties split over two lines (issue 20 item 1: ties; ADR 033 'what is left': ~1 in 4 missed
 * ties on bench seed 7 ran from a line's last note to the next line's first). Engravers draw
 * such a tie in two halves: an arc leaving the last note towards the line's end, and an arc
 * arriving at the next line's first note from where its music starts. Both halves must be
 * there, over notes of one pitch, with nothing played between (no grace notes after the first
 * or before the second: a tied note is not struck again) — one half alone could be a volta's
 * bracket or a slur. Each half is read as readTies reads a whole tie (./readTies.ts): thin ink
 * in the band over the head, in most columns of the two staff spaces beside it.
 */
import type { BinaryImage } from './binarise.ts';
import type { ReadNote, StaffReading } from './readStaff.ts';
import { arcShare, FILLED } from './readTies.ts';

/** How far (staff spaces) from the head each half is looked for. */
const HALF_SPACES = 2;

const byX = (notes: readonly ReadNote[]) => [...notes].sort((a, b) => a.stem.x0 - b.stem.x0);

/** Each line's last melody note that a tie carries on to the next line's first. */
export function readLineTies(img: BinaryImage, readings: readonly StaffReading[]): Set<ReadNote> {
  const tied = new Set<ReadNote>();
  for (let k = 0; k + 1 < readings.length; k++) {
    const here = readings[k]!;
    const there = readings[k + 1]!;
    const a = byX(here.notes).at(-1);
    const b = byX(there.notes)[0];
    if (!a || !b || a.grace || b.grace || Math.abs(a.step - b.step) > 0.5) continue;
    const s = here.staff.space;
    const t = there.staff.space;
    // The leaving half: from the head (or its dot) to the line's closing bar line.
    const from = a.dot ? a.dot.x1 + 2 : Math.round(a.head.x1 + s * 0.12);
    const barAfter = here.barLines.find((bl) => bl.x0 > a.head.x1);
    const to = Math.min(
      Math.round(a.head.x1 + s * HALF_SPACES),
      (barAfter?.x0 ?? here.staff.right) - 2,
    );
    if (to - from + 1 < Math.max(2, s * 0.5)) continue;
    if (arcShare(img, s, from, to, a.head.y0) < FILLED) continue;
    // The arriving half: from where the line's music starts (or a bar line there) to the head.
    const barBefore = there.barLines.filter((bl) => bl.x1 < b.head.x0).at(-1);
    const start = Math.max(
      Math.round(b.head.x0 - t * HALF_SPACES),
      Math.round(there.musicLeft),
      (barBefore?.x1 ?? 0) + 2,
    );
    const end = Math.round(b.head.x0 - t * 0.12);
    if (end - start + 1 < Math.max(2, t * 0.5)) continue;
    if (arcShare(img, t, start, end, b.head.y0) < FILLED) continue;
    tied.add(a);
  }
  return tied;
}
