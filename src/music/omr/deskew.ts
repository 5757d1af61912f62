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
export function estimateSkew(image: BinaryImage): number {
  const { width: w, height: h, data } = image;
  const xs: number[] = [];
  const ys: number[] = [];
  let count = 0;
  for (let i = 0; i < data.length; i++) count += data[i]!;
  const stride = Math.max(1, Math.ceil(count / MAX_SAMPLES));
  let seen = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (data[y * w + x] && seen++ % stride === 0) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length === 0) return 0;
  const pad = Math.ceil(w * Math.tan((MAX_DEGREES * Math.PI) / 180)) + 1;
  const bins = new Float64Array(h + 2 * pad);
  let best = 0;
  let bestScore = -1;
  for (let deg = -MAX_DEGREES; deg <= MAX_DEGREES + 1e-9; deg += STEP_DEGREES) {
    const slope = Math.tan((deg * Math.PI) / 180);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i]! - xs[i]! * slope) + pad]!++;
    let score = 0;
    for (let i = 0; i < bins.length; i++) score += bins[i]! * bins[i]!;
    if (score > bestScore) {
      bestScore = score;
      best = slope;
    }
  }
  return best;
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
