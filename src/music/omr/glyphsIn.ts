/**
 * Connected ink components (8-connected) that touch a box, each flooded whole: the glyphs of
 * the line start (sharps, digits) for readStaff and readTimeSignature (issue 20 item 1).
 */
import type { BinaryImage } from './binarise.ts';

export interface Glyph {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pixels: number[];
}

export function glyphsIn(
  img: BinaryImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): Glyph[] {
  const { width: w, data } = img;
  const seen = new Set<number>();
  const out: Glyph[] = [];
  for (let y = Math.max(0, Math.round(y0)); y <= Math.min(img.height - 1, Math.round(y1)); y++) {
    for (let x = Math.max(0, Math.round(x0)); x <= Math.min(w - 1, Math.round(x1)); x++) {
      const i = y * w + x;
      if (!data[i] || seen.has(i)) continue;
      const g: Glyph = { x0: x, y0: y, x1: x, y1: y, pixels: [] };
      const stack = [i];
      seen.add(i);
      while (stack.length > 0 && g.pixels.length < 200_000) {
        const j = stack.pop() as number;
        const jx = j % w;
        const jy = (j - jx) / w;
        g.pixels.push(j);
        g.x0 = Math.min(g.x0, jx);
        g.x1 = Math.max(g.x1, jx);
        g.y0 = Math.min(g.y0, jy);
        g.y1 = Math.max(g.y1, jy);
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const kx = jx + dx;
            const ky = jy + dy;
            if (kx < 0 || ky < 0 || kx >= w || ky >= img.height) continue;
            const k = ky * w + kx;
            if (data[k] && !seen.has(k)) {
              seen.add(k);
              stack.push(k);
            }
          }
        }
      }
      out.push(g);
    }
  }
  return out;
}
