/**
 * Stage 3 (issue 20 item 1): take the staff lines out so the symbols stand alone. Along each
 * line, a column's ink run through the line is erased only when it is no taller than a line
 * (plus slack for blur): where a note head, stem or bar line crosses the line the run is
 * taller and is kept.
 */
import type { BinaryImage } from './binarise.ts';
import type { Staff } from './findStaves.ts';

export function removeStaffLines(image: BinaryImage, staves: readonly Staff[]): BinaryImage {
  const { width: w, height: h } = image;
  const data = image.data.slice();
  for (const staff of staves) {
    const limit = Math.ceil(staff.thickness * 1.6 + 1);
    const reach = Math.ceil(staff.thickness / 2) + 1;
    for (const ly of staff.lines) {
      const c = Math.round(ly);
      for (let x = Math.max(0, staff.left - 2); x <= Math.min(w - 1, staff.right + 2); x++) {
        let y = -1;
        for (let d = 0; d <= reach && y < 0; d++) {
          if (c - d >= 0 && image.data[(c - d) * w + x]) y = c - d;
          else if (c + d < h && image.data[(c + d) * w + x]) y = c + d;
        }
        if (y < 0) continue;
        let top = y;
        let bottom = y;
        while (top > 0 && image.data[(top - 1) * w + x]) top--;
        while (bottom < h - 1 && image.data[(bottom + 1) * w + x]) bottom++;
        if (bottom - top + 1 > limit) continue;
        for (let yy = top; yy <= bottom; yy++) data[yy * w + x] = 0;
      }
    }
  }
  return { width: w, height: h, data };
}
