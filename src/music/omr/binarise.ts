/**
 * Stage 1 of the recogniser (issue 20 item 1): grey page → ink mask. A local (Bradley-style)
 * threshold against the mean of a window around each pixel, so a page photographed under
 * uneven light — a dark corner, a shadow across the fold — still separates ink from paper,
 * plus an absolute ceiling so faint paper grain in a blank area never counts as ink.
 */
import type { GrayImage } from './omrTypes.ts';
import { removeBackground } from './removeBackground.ts';

/** 1 = ink, 0 = paper; same size and row-major order as the grey page. */
export interface BinaryImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** Ink must be this much darker than the local mean (Bradley & Roth's t). */
const LOCAL_CONTRAST = 0.18;
/** Nothing lighter than this is ink, whatever its surroundings. */
const INK_CEILING = 200;

export function binarise(image: GrayImage): BinaryImage {
  const { width: w, height: h, data } = image;
  const out = new Uint8Array(w * h);
  if (w === 0 || h === 0) return { width: w, height: h, data: out };
  // The window is wider than a beam or a note head at any sensible resolution (a page is
  // ~20–60 staff spaces wide), so solid symbols are not hollowed out by their own darkness.
  const r = Math.max(8, Math.round(Math.max(w, h) / 40));
  const iw = w + 1;
  const integral = new Float64Array(iw * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x]!;
      integral[(y + 1) * iw + x + 1] = integral[y * iw + x + 1]! + row;
    }
  }
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x]!;
      if (v >= INK_CEILING) continue;
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const sum =
        integral[y1 * iw + x1]! -
        integral[y0 * iw + x1]! -
        integral[y1 * iw + x0]! +
        integral[y0 * iw + x0]!;
      const mean = sum / ((x1 - x0) * (y1 - y0));
      if (v < mean * (1 - LOCAL_CONTRAST) || v < 60) out[y * w + x] = 1;
    }
  }
  const ink = { width: w, height: h, data: speckled(out, w, h) ? despeckle(out, w, h) : out };
  // What shows around the page (a table, a copier's dark margin) is not ink (removeBackground.ts).
  return removeBackground(image, ink);
}

/** Lone ink pixels on more than 1 in 2,000 pixels: a specked page, not a clean one. */
function speckled(ink: Uint8Array, w: number, h: number): boolean {
  let lone = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (ink[i] && !ink[i - 1] && !ink[i + 1] && !ink[i - w] && !ink[i + w]) lone++;
    }
  }
  return lone > (w * h) / 2000;
}

/**
 * Only on a specked page (a clean one loses fine detail to it at low resolution). A photocopy's specks: a lone ink pixel is dropped, and a one-pixel gap in a stroke (paper
 * with ink both above and below, or both left and right) is filled, so a speck of white in a
 * stem does not cut it in two.
 */
function despeckle(ink: Uint8Array, w: number, h: number): Uint8Array {
  const out = ink.slice();
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const up = ink[i - w]!;
      const down = ink[i + w]!;
      const left = ink[i - 1]!;
      const right = ink[i + 1]!;
      if (ink[i]) {
        const n =
          up +
          down +
          left +
          right +
          ink[i - w - 1]! +
          ink[i - w + 1]! +
          ink[i + w - 1]! +
          ink[i + w + 1]!;
        if (n === 0) out[i] = 0;
      } else if ((up && down) || (left && right)) out[i] = 1;
    }
  }
  return out;
}
