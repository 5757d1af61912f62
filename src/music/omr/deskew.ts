/**
 * Stage 1b (issue 20 item 1): a scanned or photographed page is rarely level. Staff lines are
 * the longest straight things on a page of music, so the angle at which the ink's row
 * projection is sharpest is the page's skew. The page is then sheared vertically (not rotated):
 * for the small angles of a scan (a few degrees) that levels the staff lines and keeps page
 * coordinates trivially invertible (`pageY = y - offset + x·slope`).
 */
import type { BinaryImage } from './binarise.ts';

export interface Deskewed {
  readonly image: BinaryImage;
  /** Vertical drift per pixel across the page (tan of the skew angle). */
  readonly slope: number;
  /** Rows added above the page so nothing is cut off by the shear. */
  readonly offset: number;
}

const MAX_DEGREES = 3;
const STEP_DEGREES = 0.05;
const MAX_SAMPLES = 150_000;

/** The slope (tan of the angle) that makes the ink's horizontal projection sharpest. */
export function estimateSkew(image: BinaryImage, maxSamples = MAX_SAMPLES): number {
  const { width: w, height: h, data } = image;
  // Every ink pixel once, row by row; then every stride-th of them.
  let inked = new Int32Array(4096);
  let count = 0;
  for (let i = 0; i < data.length; i++) {
    if (!data[i]) continue;
    if (count === inked.length) {
      const grown = new Int32Array(inked.length * 2);
      grown.set(inked);
      inked = grown;
    }
    inked[count++] = i;
  }
  if (count === 0) return 0;
  const stride = Math.max(1, Math.ceil(count / maxSamples));
  // The samples' rows grouped by column (a counting sort): within a column every row moves by
  // the same whole number of bins, round(y − x·slope) = y + round(−x·slope) for a whole y.
  const perColumn = new Int32Array(w + 1);
  for (let k = 0; k < count; k += stride) perColumn[(inked[k]! % w) + 1]!++;
  for (let x = 0; x < w; x++) perColumn[x + 1]! += perColumn[x]!;
  const ys = new Int32Array(perColumn[w]!);
  const fill = perColumn.slice(0, w);
  for (let k = 0; k < count; k += stride) {
    const i = inked[k]!;
    ys[fill[i % w]!++] = (i - (i % w)) / w;
  }
  const pad = Math.ceil(w * Math.tan((MAX_DEGREES * Math.PI) / 180)) + 1;
  const bins = new Int32Array(h + 2 * pad);
  const sharpness = (step: number): number => {
    const slope = Math.tan((-MAX_DEGREES + step * STEP_DEGREES) * (Math.PI / 180));
    bins.fill(0);
    for (let x = 0; x < w; x++) {
      const shift = Math.round(-x * slope) + pad;
      const end = perColumn[x + 1]!;
      for (let i = perColumn[x]!; i < end; i++) bins[ys[i]! + shift]!++;
    }
    let score = 0;
    for (let i = 0; i < bins.length; i++) score += bins[i]! * bins[i]!;
    return score;
  };
  // Coarse to fine: a line t px thick stays sharp while its drift across the image (w·tan θ)
  // is under t, so on a narrow image (a strip of traceStaves, ~14 staff spaces) the peak is
  // wide and a coarse pass cannot step over it; on a whole page it is narrow and every step
  // is tried. The coarse step keeps the drift under 2 px.
  const steps = Math.round((2 * MAX_DEGREES) / STEP_DEGREES);
  const drift2px = (Math.atan(2 / Math.max(1, w)) * 180) / Math.PI;
  const coarse = Math.max(1, Math.min(5, Math.floor(drift2px / STEP_DEGREES)));
  let best = 0;
  let bestScore = -1;
  const consider = (step: number) => {
    const score = sharpness(step);
    if (score > bestScore) {
      bestScore = score;
      best = step;
    }
  };
  for (let k = 0; k <= steps; k += coarse) consider(k);
  if (coarse > 1) {
    const centre = best;
    for (let k = Math.max(0, centre - coarse + 1); k <= Math.min(steps, centre + coarse - 1); k++)
      if (k !== centre) consider(k);
  }
  return Math.tan((-MAX_DEGREES + best * STEP_DEGREES) * (Math.PI / 180));
}

export function deskew(image: BinaryImage, slope = estimateSkew(image)): Deskewed {
  const { width: w, height: h, data } = image;
  if (Math.abs(slope) < 1e-4) return { image, slope: 0, offset: 0 };
  const drift = Math.ceil(Math.abs(slope) * w);
  const offset = slope > 0 ? 0 : drift;
  const oh = h + drift;
  const out = new Uint8Array(w * oh);
  for (let x = 0; x < w; x++) {
    const shift = Math.round(x * slope);
    for (let y = 0; y < h; y++) {
      if (!data[y * w + x]) continue;
      const ny = y - shift + offset;
      if (ny >= 0 && ny < oh) out[ny * w + x] = 1;
    }
  }
  return { image: { width: w, height: oh, data: out }, slope, offset };
}
