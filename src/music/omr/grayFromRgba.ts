/**
 * RGBA pixels (canvas ImageData, a rendered PDF page) → the recogniser's GrayImage (issue 20
 * item 3). Transparent pixels are laid on white paper first: a PNG with a transparent
 * background is ink on paper, not ink on black. Luma weights are ITU-R BT.601, the ones
 * libvips and browsers use for greyscale, so a page reads the same whichever way it arrived.
 */
import type { GrayImage } from './omrTypes.ts';

export function grayFromRgba(width: number, height: number, rgba: ArrayLike<number>): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    const luma = 0.299 * rgba[p]! + 0.587 * rgba[p + 1]! + 0.114 * rgba[p + 2]!;
    const alpha = rgba[p + 3]! / 255;
    data[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width, height, data };
}
