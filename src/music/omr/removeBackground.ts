/**
 * Stage 1c (issue 20 item 1, phone photos and photocopies with dark margins): what shows
 * around the page — a table under a phone photo, a photocopier's black lid margin — is not
 * music. A local threshold marks a dark band of it as ink all along the page's edge, and those
 * bands swamp the staff-finder's row projection and the skew estimate.
 *
 * The paper is found on a coarse grid: each cell's bright level (95th percentile of its grey)
 * is its paper if it holds any, and paper is grown from the brightest cells into neighbours
 * at least 85 % as bright — light changes by a per cent or two from one cell to the next, a
 * page edge by far more (a table under white paper is ~40 % darker). Ink components lying
 * mostly on cells that are not paper, or on paper cells touching them, are dropped; a staff
 * that runs near the edge is kept, since most of it lies on paper.
 */
import type { BinaryImage } from './binarise.ts';
import type { GrayImage } from './omrTypes.ts';

/** A neighbour cell this much as bright as paper is paper too. */
const PAPER_STEP = 0.85;
/** Cells this much as bright as the page's brightest are paper to begin with. */
const PAPER_SEED = 0.9;
/** Beside the background, ink is at most this share of the background's brightness. */
const TABLE_INK = 0.8;

export function removeBackground(image: GrayImage, ink: BinaryImage): BinaryImage {
  const { width: w, height: h, data } = image;
  // Fine enough to see a strip of table a per cent of the page wide; a cell inside a solid
  // symbol is not paper but is not reached from the border either (below).
  const cell = Math.max(12, Math.round(Math.max(w, h) / 100));
  const cw = Math.ceil(w / cell);
  const ch = Math.ceil(h / cell);
  if (cw < 3 || ch < 3) return ink;
  const level = new Float64Array(cw * ch);
  const hist = new Uint32Array(256);
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      hist.fill(0);
      let n = 0;
      for (let y = cy * cell; y < Math.min(h, (cy + 1) * cell); y++) {
        for (let x = cx * cell; x < Math.min(w, (cx + 1) * cell); x++) {
          hist[data[y * w + x]!]!++;
          n++;
        }
      }
      let seen = 0;
      let v = 255;
      while (v > 0 && seen + hist[v]! < n * 0.05) seen += hist[v--]!;
      level[cy * cw + cx] = v;
    }
  }
  const sorted = Array.from(level).sort((a, b) => a - b);
  const bright = sorted[Math.floor(sorted.length * 0.95)]!;
  const paper = new Uint8Array(cw * ch);
  const queue: number[] = [];
  for (let c = 0; c < level.length; c++) {
    if (level[c]! >= bright * PAPER_SEED) {
      paper[c] = 1;
      queue.push(c);
    }
  }
  while (queue.length > 0) {
    const c = queue.pop()!;
    for (const k of sideNeighbours(c, cw, ch)) {
      if (!paper[k] && level[k]! >= level[c]! * PAPER_STEP) {
        paper[k] = 1;
        queue.push(k);
      }
    }
  }
  // Background is what lies around the page: cells that are not paper, reached from the
  // picture's border (a dark patch inside the page is print, not table).
  // A patch of a few cells at the border is print cut tight by the picture's edge (a final
  // thick bar line in a cropped screenshot), not a table: background runs along the border
  // for a tenth of the picture's longer side at least.
  const minCells = Math.max(3, Math.round(Math.max(cw, ch) * 0.1));
  const around = new Uint8Array(cw * ch);
  const region: number[] = [];
  for (let seed = 0; seed < cw * ch; seed++) {
    const sx = seed % cw;
    const sy = (seed - sx) / cw;
    if (paper[seed] || around[seed]) continue;
    if (!(sx === 0 || sy === 0 || sx === cw - 1 || sy === ch - 1)) continue;
    around[seed] = 1;
    queue.push(seed);
    region.length = 0;
    while (queue.length > 0) {
      const c = queue.pop()!;
      region.push(c);
      for (const k of sideNeighbours(c, cw, ch)) {
        if (!paper[k] && !around[k]) {
          around[k] = 1;
          queue.push(k);
        }
      }
    }
    // Too small to be a table: print on the page, kept as paper (marked 2 so it is not
    // visited again, and counted as paper below).
    if (region.length < minCells) for (const c of region) around[c] = 2;
  }
  for (let c = 0; c < cw * ch; c++) if (around[c] === 2) around[c] = 0;
  for (let c = 0; c < cw * ch; c++) if (!around[c]) paper[c] = 1;
  // Off the page: background cells and paper cells beside them (the page's edge runs
  // through those).
  const off = new Uint8Array(cw * ch);
  let any = false;
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      if (paper[cy * cw + cx]) continue;
      any = true;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx >= 0 && ny >= 0 && nx < cw && ny < ch) off[ny * cw + nx] = 1;
        }
      }
    }
  }
  if (!any) return ink;
  const out = ink.data.slice();
  // Near the edge, ink must be darker than the background beside it: the local threshold marks
  // a band of table as ink, but the table is never as dark as print on the paper.
  const table = new Float64Array(cw * ch);
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cw || ny >= ch || paper[ny * cw + nx]) continue;
          table[cy * cw + cx] = Math.max(table[cy * cw + cx]!, level[ny * cw + nx]!);
        }
      }
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const c = Math.floor(y / cell) * cw + Math.floor(x / cell);
      if (out[i] && off[c] && data[i]! >= table[c]! * TABLE_INK) out[i] = 0;
    }
  }
  const label = new Int32Array(w * h);
  const stack: number[] = [];
  const members: number[] = [];
  let next = 0;
  for (let start = 0; start < out.length; start++) {
    if (!out[start] || label[start]) continue;
    next++;
    label[start] = next;
    stack.push(start);
    members.length = 0;
    let offPage = 0;
    let touches = false;
    while (stack.length > 0) {
      const i = stack.pop()!;
      members.push(i);
      const x = i % w;
      const y = (i - x) / w;
      const c = Math.floor(y / cell) * cw + Math.floor(x / cell);
      if (off[c]) offPage++;
      if (!paper[c]) touches = true;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const k = ny * w + nx;
          if (out[k] && !label[k]) {
            label[k] = next;
            stack.push(k);
          }
        }
      }
    }
    if (touches && offPage * 2 >= members.length) for (const i of members) out[i] = 0;
  }
  return { width: w, height: h, data: out };
}

/** The cells beside cell `c` (left, right, above, below) on a `cw` × `ch` grid. */
function sideNeighbours(c: number, cw: number, ch: number): number[] {
  const cx = c % cw;
  const cy = (c - cx) / cw;
  const out: number[] = [];
  if (cx + 1 < cw) out.push(c + 1);
  if (cx > 0) out.push(c - 1);
  if (cy + 1 < ch) out.push(c + cw);
  if (cy > 0) out.push(c - cw);
  return out;
}
