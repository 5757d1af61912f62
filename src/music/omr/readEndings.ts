/**
 * First- and second-time endings (issue 20 item 1: bar lines 'including part starts/ends,
 * repeats and endings'). An ending is printed as a bracket over its bars: a thin, long line
 * above the staff with a hook down at its start (a first ending's often at its end too), its
 * number by the hook. Grace-note beams stand as high and can be as thin, but they are short and
 * hang on stems all along; a bracket spans a bar or more and touches nothing between its hooks.
 * So: a run of ink at least MIN_LENGTH spaces long, at most a line's thickness of rows deep,
 * 1.5–7 spaces above the top line, with a hook down at its left end and no stroke leaving it
 * downwards between its ends. Every threshold is in staff spaces (ADR 033).
 *
 * The number is not read from its glyph (no font to match): pipe music numbers its endings in
 * order, so assembleTune counts them, 1 then 2 (see its use of EndingSpan). An ending that runs
 * past the end of a line goes on over the next line's first bars, with or without a hook and a
 * number there: the hooks are reported, and assembleTune joins the two (continuedEndings).
 */
import type { BinaryImage } from './binarise.ts';
import type { Staff } from './findStaves.ts';

export interface EndingSpan {
  /** Page columns (deskewed) the bracket's line spans. */
  readonly x0: number;
  readonly x1: number;
  /** A hook down at its start: an ending begins here (without one it goes on from the line above). */
  readonly startHook: boolean;
  /** A hook down at its end: the ending is closed (a second ending's often is not). */
  readonly endHook: boolean;
}

/** A bracket spans at least this many spaces (a short bar in 2/4 is ~8; grace beams ≤ ~5). */
export const MIN_LENGTH = 6;
/**
 * Shorter brackets count only in a chain of two or more, hooked where they meet, as a first
 * and a second ending inside one bar are drawn ('1 over a crotchet, '2 over the rest).
 */
const MIN_CHAINED = 2.5;
/** Chained brackets meet within this many spaces, at the same height. */
const CHAIN_GAP = 1.5;

export function readEndings(img: BinaryImage, staff: Staff, bandTop: number): EndingSpan[] {
  const s = staff.space;
  const top = staff.lines[0];
  const from = Math.max(0, Math.ceil(bandTop), Math.round(top - 7 * s));
  const to = Math.round(top - 1.5 * s);
  const left = Math.max(0, Math.round(staff.left));
  const right = Math.min(img.width - 1, Math.round(staff.right));
  const ink = (x: number, y: number) =>
    y >= 0 && y < img.height && img.data[y * img.width + x] === 1;
  const minRun = MIN_CHAINED * s;
  const maxDepth = Math.max(3, Math.round(s * 0.5));

  // Long horizontal runs, row by row, joined with the run they overlap on the row above.
  type Line = { x0: number; x1: number; y0: number; y1: number };
  const open: Line[] = [];
  const done: Line[] = [];
  for (let y = from; y <= to; y++) {
    const runs: { x0: number; x1: number }[] = [];
    let start = -1;
    for (let x = left; x <= right + 1; x++) {
      const on = x <= right && ink(x, y);
      if (on && start < 0) start = x;
      else if (!on && start >= 0) {
        if (x - start >= minRun) runs.push({ x0: start, x1: x - 1 });
        start = -1;
      }
    }
    const still: Line[] = [];
    for (const run of runs) {
      const line = open.find((l) => l.y1 === y - 1 && run.x0 <= l.x1 && run.x1 >= l.x0);
      if (line) {
        line.x0 = Math.min(line.x0, run.x0);
        line.x1 = Math.max(line.x1, run.x1);
        line.y1 = y;
        still.push(line);
      } else still.push({ ...run, y0: y, y1: y });
    }
    for (const l of open) if (!still.includes(l)) done.push(l);
    open.length = 0;
    open.push(...still);
  }
  done.push(...open);

  /** Rows of ink straight down from (x, below the line). */
  const down = (x: number, y: number, limit: number) => {
    let n = 0;
    while (n < limit && ink(x, y + 1 + n)) n++;
    return n;
  };
  const hookReach = Math.round(s);
  const hookCols = Math.max(2, Math.round(s * 0.6));
  const hookAt = (from: number, to: number, y: number) => {
    for (let x = from; x <= to; x++) if (down(x, y, hookReach) >= s * 0.8) return true;
    return false;
  };
  const candidates: (EndingSpan & { y: number })[] = [];
  for (const l of done) {
    if (l.y1 - l.y0 + 1 > maxDepth) continue;
    const startHook = hookAt(l.x0, l.x0 + hookCols, l.y1);
    const endHook = hookAt(l.x1 - hookCols, l.x1, l.y1);
    // A line with no hook at all is a rule or an underline. One hooked only at its end is an
    // ending carried over from the line above, which assembleTune accepts only there.
    if (!startHook && !endHook) continue;
    // Between the hooks nothing leaves the line downwards: a grace beam's stems would.
    let touches = false;
    for (let x = l.x0 + hookCols + 1; x < l.x1 - hookCols && !touches; x++)
      touches = down(x, l.y1, Math.round(s * 0.6)) >= s * 0.5;
    if (!touches) candidates.push({ x0: l.x0, x1: l.x1, startHook, endHook, y: l.y0 });
  }
  candidates.sort((a, b) => a.x0 - b.x0);
  // Two brackets meet: the first hooked at its end, the next at its start, side by side.
  const meet = (a: (typeof candidates)[number], b: (typeof candidates)[number]) =>
    a.endHook &&
    b.startHook &&
    b.x0 > a.x1 &&
    b.x0 - a.x1 <= CHAIN_GAP * s &&
    Math.abs(a.y - b.y) <= maxDepth;
  const spans: EndingSpan[] = candidates
    .filter((c, i) => {
      if (c.x1 - c.x0 + 1 >= MIN_LENGTH * s) return true;
      const before = candidates.find((o) => meet(o, c));
      const after = candidates.slice(i + 1).find((o) => meet(c, o));
      const partner = before ?? after;
      return (
        partner !== undefined &&
        Math.max(c.x1, partner.x1) - Math.min(c.x0, partner.x0) >= MIN_LENGTH * s
      );
    })
    .map(({ x0, x1, startHook, endHook }) => ({ x0, x1, startHook, endHook }));
  return spans.sort((a, b) => a.x0 - b.x0);
}
