/**
 * The ink components standing in their own columns between a staff's read notes and bar lines
 * (issue 20 item 1): what the stroke-first reading of readStaff cannot see because it has no
 * stem — rests (./readRests.ts) and semibreves (./readSemibreves.ts).
 */
import type { BinaryImage } from './binarise.ts';
import type { Staff } from './findStaves.ts';
import { glyphsIn, type Glyph } from './glyphsIn.ts';
import type { ReadBarLine, ReadNote } from './readStaff.ts';

export function gapGlyphs(
  img: BinaryImage,
  staff: Staff,
  notes: readonly ReadNote[],
  barLines: readonly ReadBarLine[],
  musicLeft: number,
): Glyph[] {
  const s = staff.space;
  const columns = notes.map((n) => [
    Math.min(n.head.x0, n.stem.x0),
    Math.max(n.head.x1, n.stem.x1),
  ]);
  // After the line's first note or bar line: what stands before them is the line start (a
  // common-time C the line-start reading did not skip looked like a quaver rest, seed 7).
  const from = Math.min(
    ...notes.map((n) => Math.min(n.head.x0, n.stem.x0)),
    ...barLines.map((bl) => bl.x0),
  );
  // Only the gaps between notes and bar lines are searched (flooding every note's ink on a
  // 300-dpi page cost more than the rest of readStaff).
  const taken = [
    ...columns.map(([a, b]) => [a! - s * 0.2, b! + s * 0.2]),
    ...barLines.map((bl) => [bl.x0 - 1, bl.x1 + 1]),
  ].sort((a, b) => a[0]! - b[0]!);
  const gaps: [number, number][] = [];
  let x = Math.max(musicLeft, from);
  for (const [a, b] of taken) {
    if (a! - x >= s * 0.4) gaps.push([x, a!]);
    x = Math.max(x, b!);
  }
  if (staff.right - x >= s * 0.4) gaps.push([x, staff.right]);
  const top = staff.lines[0] - s * 0.5;
  const bottom = staff.lines[4] + s * 0.5;
  const seen = new Set<number>();
  return gaps
    .flatMap(([a, b]) =>
      glyphsIn(img, a, top, b, bottom).filter((g) => {
        const key = g.pixels[0]!;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    )
    .filter(
      (g) =>
        g.x0 >= musicLeft &&
        g.x0 >= from &&
        // Its own column: no note and no bar line over, under or through it.
        !columns.some(([a, b]) => g.x0 <= b! + s * 0.2 && g.x1 >= a! - s * 0.2) &&
        !barLines.some((bl) => g.x0 <= bl.x1 + 1 && g.x1 >= bl.x0 - 1),
    );
}
