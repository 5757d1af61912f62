import type { GrayImage } from '../../../music/omr/omrTypes.ts';

/**
 * RGBA pixels (canvas ImageData order) to the reader's grey page (omrTypes.ts: 0 = black ink,
 * 255 = white paper). Luma with the Rec. 601 weights, in integers; transparent pixels count as
 * paper, since a PNG page exported with no background has transparent paper and black ink.
 */
export function rgbaToGray(rgba: Uint8ClampedArray, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    const luma = (rgba[p]! * 299 + rgba[p + 1]! * 587 + rgba[p + 2]! * 114) / 1000;
    const alpha = rgba[p + 3]! / 255;
    data[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width, height, data };
}
