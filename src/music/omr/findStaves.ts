/**
 * Stage 2 (issue 20 item 1): the five-line staves. Staff-line thickness and staff space come
 * from the page's own vertical run lengths (the most common ink run is a staff line; the most
 * common ink-plus-paper pair is one staff space), so every later measure is in staff spaces and
 * the reader does not care about resolution or engraver. Lines are rows whose ink projection
 * is near the page's strongest; five of them equally spaced one staff space apart are a staff.
 * Pipe music has one staff per system, so each staff is one line of the tune.
 */
import type { BinaryImage } from './binarise.ts';

export interface Staff {
  /** Centre rows of the five lines, top to bottom. */
  readonly lines: readonly [number, number, number, number, number];
  /** Distance between neighbouring line centres, px. */
  readonly space: number;
  readonly thickness: number;
  readonly left: number;
  readonly right: number;
}

export interface StaffSpacing {
  readonly thickness: number;
  readonly space: number;
}

/** The most common vertical ink run (line thickness) and ink+paper period (staff space). */
export function measureStaffSpacing(image: BinaryImage): StaffSpacing {
  const { width: w, height: h, data } = image;
  const ink = new Uint32Array(h + 1);
  const period = new Uint32Array(h + 1);
  for (let x = 0; x < w; x++) {
    let y = 0;
    let lastInkStart = -1;
    while (y < h) {
      if (!data[y * w + x]) {
        y++;
        continue;
      }
      const start = y;
      while (y < h && data[y * w + x]) y++;
      ink[y - start]!++;
      if (lastInkStart >= 0) period[start - lastInkStart]!++;
      lastInkStart = start;
    }
  }
  const mode = (hist: Uint32Array, from: number): number => {
    let best = from;
    for (let i = from; i < hist.length; i++) if (hist[i]! > hist[best]!) best = i;
    return best;
  };
  const thickness = Math.max(1, mode(ink, 1));
  // A staff space is at least a few line thicknesses; smaller periods are noise or text.
  const space = mode(period, Math.max(4, thickness * 2 + 1));
  return { thickness, space };
}

/** Rows whose ink projection is at least this share of the strongest row are line candidates. */
const LINE_SHARE = 0.45;
/** Neighbouring lines of a staff may differ from the staff space by this share. */
const SPACING_TOLERANCE = 0.25;

export function findStaves(image: BinaryImage, spacing = measureStaffSpacing(image)): Staff[] {
  const { width: w, height: h, data } = image;
  const { thickness, space } = spacing;
  const rows = new Uint32Array(h);
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = 0; x < w; x++) n += data[y * w + x]!;
    rows[y] = n;
  }
  let max = 0;
  for (let y = 0; y < h; y++) max = Math.max(max, rows[y]!);
  if (max < w * 0.15 || space < 4) return [];
  const candidates: number[] = [];
  for (let y = 0; y < h;) {
    if (rows[y]! < max * LINE_SHARE) {
      y++;
      continue;
    }
    let sum = 0;
    let weight = 0;
    const start = y;
    while (y < h && rows[y]! >= max * LINE_SHARE) {
      sum += y * rows[y]!;
      weight += rows[y]!;
      y++;
    }
    // A band much thicker than a line is a solid block (a picture, a border), not a staff line.
    if (y - start <= Math.max(3, thickness * 3)) candidates.push(sum / weight);
  }
  const staves: Staff[] = [];
  const used = new Set<number>();
  for (let i = 0; i < candidates.length; i++) {
    if (used.has(i)) continue;
    const chain = [i];
    let gap = space;
    for (let j = i + 1; j < candidates.length && chain.length < 5; j++) {
      const d = candidates[j]! - candidates[chain[chain.length - 1]!]!;
      if (Math.abs(d - gap) <= space * SPACING_TOLERANCE) {
        chain.push(j);
        if (chain.length === 2) gap = d;
      } else if (d > gap * (1 + SPACING_TOLERANCE)) break;
    }
    if (chain.length < 5) continue;
    chain.forEach((c) => used.add(c));
    const lines = chain.map((c) => candidates[c]) as unknown as Staff['lines'];
    const staffSpace = (lines[4] - lines[0]) / 4;
    const [left, right] = staffExtent(image, lines, thickness, staffSpace);
    if (right - left < staffSpace * 8) continue;
    staves.push({ lines, space: staffSpace, thickness, left, right });
  }
  return staves;
}

/** The widest run of columns where at least four of the five lines carry ink. */
function staffExtent(
  image: BinaryImage,
  lines: readonly number[],
  thickness: number,
  space: number,
): [number, number] {
  const { width: w, height: h, data } = image;
  const reach = Math.max(1, Math.ceil(thickness / 2));
  const onStaff = (x: number): boolean => {
    let n = 0;
    for (const ly of lines) {
      const c = Math.round(ly);
      for (let y = Math.max(0, c - reach); y <= Math.min(h - 1, c + reach); y++) {
        if (data[y * w + x]) {
          n++;
          break;
        }
      }
    }
    return n >= 4;
  };
  const maxGap = Math.round(space);
  let best: [number, number] = [0, -1];
  let start = -1;
  let last = -1;
  for (let x = 0; x < w; x++) {
    if (!onStaff(x)) continue;
    if (start < 0 || x - last > maxGap) start = x;
    last = x;
    if (last - start > best[1] - best[0]) best = [start, last];
  }
  return best;
}
