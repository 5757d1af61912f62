/**
 * Stages 1b–2 together (issue 20 item 1): level the page and find its staves. A scan or a
 * photocopy is turned as a whole, and shearing it by one angle (deskew.ts) levels every staff.
 * A phone photo is not: its perspective gives each staff its own slope and staff space, and a
 * bent page curves the lines. When the staves traced across the page (traceStaves.ts) are not
 * level after the one shear — or more staves are traced than the sheared page shows — the
 * page is rectified staff by staff (rectifyPage.ts) and read from there; the bars' regions
 * are mapped back onto the photo.
 */
import type { BinaryImage } from './binarise.ts';
import { deskew } from './deskew.ts';
import { findStaves, measureStaffSpacing, type Staff } from './findStaves.ts';
import type { PageBox } from './omrTypes.ts';
import { rectifyPage } from './rectifyPage.ts';
import { lineAt, traceStaves, type TracedStaff } from './traceStaves.ts';

export interface LevelledPage {
  readonly page: BinaryImage;
  readonly staves: readonly Staff[];
  /** The shear that levelled the page (deskew.ts), zero when it was rectified. */
  readonly slope: number;
  readonly offset: number;
  /** A box on the levelled page → on the original page (after undoing the shear). */
  readonly toPage: (box: PageBox) => PageBox;
}

/** How far (px) a traced line may wander from level after the one shear and still be level. */
const levelEnough = (space: number) => 1 + space * 0.04;

function bent(traced: readonly TracedStaff[], slope: number, space: number): boolean {
  for (const st of traced) {
    for (const line of st.lines) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let k = 0; k <= 16; k++) {
        const x = st.left + ((st.right - st.left) * k) / 16;
        const y = lineAt(line, x) - x * slope;
        lo = Math.min(lo, y);
        hi = Math.max(hi, y);
      }
      if (hi - lo > levelEnough(space)) return true;
    }
  }
  return false;
}

/**
 * A staff whose thin lines broke up in a soft photo ends where findStaves' four-of-five test
 * first fails; the traced staff (three of five, along the fitted lines) runs on. Taken only
 * when it runs on by more than two staff spaces, so a clean page keeps its extents.
 */
function widened(
  staff: Staff,
  traced: readonly TracedStaff[],
  shear: { readonly slope: number; readonly offset: number },
): Staff {
  const x = (staff.left + staff.right) / 2;
  const same = traced.find(
    (t) =>
      Math.abs(lineAt(t.lines[2], x) - x * shear.slope + shear.offset - staff.lines[2]) <
      staff.space * 0.5,
  );
  if (!same) return staff;
  const reach = staff.space * 2;
  return {
    ...staff,
    left: same.left < staff.left - reach ? same.left : staff.left,
    right: same.right > staff.right + reach ? same.right : staff.right,
  };
}

export function levelPage(ink: BinaryImage, level = false): LevelledPage {
  const sheared = level ? { image: ink, slope: 0, offset: 0 } : deskew(ink);
  const spacing = measureStaffSpacing(sheared.image);
  const staves = findStaves(sheared.image, spacing);
  const plain: LevelledPage = { ...sheared, page: sheared.image, staves, toPage: (b) => b };
  if (level) return plain;
  const traced = traceStaves(ink, spacing);
  if (traced.length === 0) return plain;
  if (traced.length <= staves.length && !bent(traced, sheared.slope, spacing.space))
    return { ...plain, staves: staves.map((st) => widened(st, traced, sheared)) };
  const rectified = rectifyPage(ink, traced);
  const page = rectified.image;
  const { thickness } = measureStaffSpacing(page);
  // Columns stay where they were, so each staff keeps the extent it was traced over (a thin
  // line broken up by blur would cut findStaves' stricter extent short).
  const read: Staff[] = rectified.lines.map((lines, k) => ({
    lines,
    space: (lines[4] - lines[0]) / 4,
    thickness,
    left: traced[k]!.left,
    right: traced[k]!.right,
  }));
  if (read.length < staves.length) return plain;
  return { page, staves: read, slope: 0, offset: 0, toPage: rectified.toPage };
}
