/**
 * Stage 2c (issue 20 item 1, phone photos): straighten the page so every staff's five lines
 * run level and evenly spaced, and the rest of the reader measures pitch against the lines
 * where each note is rather than against one rectangle for the whole page.
 *
 * Each column is moved only up or down (a phone's perspective and a bent page bend the
 * staff lines a few staff spaces at most; stems stay within a degree or two of upright): in a
 * column, each traced line's row goes to its staff's level row, rows between two lines are
 * spaced linearly between them, rows above the first staff and below the last keep the
 * nearest staff's scale.
 */
import type { PageBox } from './omrTypes.ts';
import type { BinaryImage } from './binarise.ts';
import { lineAt, type TracedStaff } from './traceStaves.ts';

export interface Rectified {
  readonly image: BinaryImage;
  /** Each staff's level line rows in the rectified page, top to bottom. */
  readonly lines: readonly (readonly [number, number, number, number, number])[];
  /** A box on the rectified page → the box on the original page that holds it. */
  readonly toPage: (box: PageBox) => PageBox;
}

/** The knots of column `x`: rectified rows `ts` and the original page's rows `ys` they come from. */
function columnKnots(
  staves: readonly TracedStaff[],
  targets: readonly (readonly number[])[],
  x: number,
): { readonly ts: readonly number[]; readonly ys: readonly number[] } {
  const ts: number[] = [];
  const ys: number[] = [];
  staves.forEach((st, k) => {
    for (let j = 0; j < 5; j++) {
      const y = lineAt(st.lines[j]!, x);
      // Keep the knots in order whatever an extrapolated fit says far from its staff.
      if (ys.length > 0 && y <= ys[ys.length - 1]! + 0.5) continue;
      ts.push(targets[k]![j]!);
      ys.push(y);
    }
  });
  return { ts, ys };
}

/** The two knots whose line maps rectified row `t` (knot `i` is the last one at or below `t`). */
function segment(n: number, i: number, t: number, first: number, last: number): [number, number] {
  // Outside the staves, keep the scale of the outermost staff, not of a gap between two.
  if (t <= first) return [0, Math.min(4, n - 1)];
  if (t >= last) return [Math.max(0, n - 5), n - 1];
  return [i, i + 1];
}

/** Rows on the original page for each rectified row `t` of column `x`. */
function columnMap(ts: readonly number[], ys: readonly number[]): (t: number) => number {
  const n = ts.length;
  return (t: number): number => {
    if (n === 1) return ys[0]! + (t - ts[0]!);
    let i = 0;
    if (t <= ts[0]!) i = 0;
    else if (t >= ts[n - 1]!) i = n - 2;
    else while (ts[i + 1]! < t) i++;
    const [a, b] = segment(n, i, t, ts[0]!, ts[n - 1]!);
    return ys[a]! + ((t - ts[a]!) * (ys[b]! - ys[a]!)) / (ts[b]! - ts[a]!);
  };
}

/**
 * The same map for every row 0 … h − 1 at once: rows only go down, so the knot is found by
 * walking on, not searching from the top for each row (a 300-dpi photo has ~10 M pixels).
 */
function fillColumn(
  ts: readonly number[],
  ys: readonly number[],
  h: number,
  row: (t: number, y: number) => void,
): void {
  const n = ts.length;
  let i = 0;
  for (let t = 0; t < h; t++) {
    let y: number;
    if (n === 1) y = ys[0]! + (t - ts[0]!);
    else {
      while (i < n - 2 && ts[i + 1]! < t) i++;
      const [a, b] = segment(n, i, t, ts[0]!, ts[n - 1]!);
      y = ys[a]! + ((t - ts[a]!) * (ys[b]! - ys[a]!)) / (ts[b]! - ts[a]!);
    }
    row(t, y);
  }
}

export function rectifyPage(image: BinaryImage, staves: readonly TracedStaff[]): Rectified {
  const { width: w, height: h, data } = image;
  // Level rows: each staff's lines where they are at the middle of the staff, evenly spaced.
  const targets = staves.map((st) => {
    const x = (st.left + st.right) / 2;
    const top = lineAt(st.lines[0], x);
    const space = (lineAt(st.lines[4], x) - top) / 4;
    return [0, 1, 2, 3, 4].map((j) => top + j * space) as [number, number, number, number, number];
  });
  const knots = Array.from({ length: w }, (_, x) => columnKnots(staves, targets, x));
  const maps = knots.map(({ ts, ys }) => columnMap(ts, ys));
  // Nearest row, on the ink mask: sampling the grey page between rows softens a thin staff
  // line until the local threshold no longer sees it (150 dpi phone photos). The vertical
  // scale stays within a few per cent of one, so a row is rarely doubled or dropped, and the
  // traced lines themselves land on their own centre rows.
  const out = new Uint8Array(w * h);
  // Columns in blocks, so the copy runs along rows (a column at a time strides the whole
  // page in memory for every pixel).
  const BLOCK = 64;
  const from = new Int32Array(BLOCK * h);
  for (let x0 = 0; x0 < w; x0 += BLOCK) {
    const x1 = Math.min(w, x0 + BLOCK);
    for (let x = x0; x < x1; x++) {
      const { ts, ys } = knots[x]!;
      const base = (x - x0) * h;
      fillColumn(ts, ys, h, (t, y) => {
        from[base + t] = Math.round(y);
      });
    }
    for (let t = 0; t < h; t++) {
      for (let x = x0; x < x1; x++) {
        const y = from[(x - x0) * h + t]!;
        if (y >= 0 && y < h) out[t * w + x] = data[y * w + x]!;
      }
    }
  }
  const toPage = (box: PageBox): PageBox => {
    const xs = [box.x, box.x + box.width - 1].map((x) => Math.min(w - 1, Math.max(0, x)));
    const ys = xs.flatMap((x) => [box.y, box.y + box.height - 1].map((t) => maps[x]!(t)));
    const y0 = Math.min(...ys);
    const y1 = Math.max(...ys);
    return { x: box.x, y: Math.round(y0), width: box.width, height: Math.round(y1 - y0 + 1) };
  };
  return { image: { width: w, height: h, data: out }, lines: targets, toPage };
}
