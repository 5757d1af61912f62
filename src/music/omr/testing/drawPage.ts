/**
 * A tiny pure drawing kit for the recogniser's unit tests (issue 20 item 1): pages of pipe
 * notation built from lines, filled ellipses, stems and beams at a chosen staff space, plus
 * the degradations a scan brings (salt-and-pepper noise, skew, blur). Deterministic: noise
 * comes from a seeded generator. Geometry follows the usual engraving proportions (head ≈ one
 * staff space tall, stems ≈ 3.5 spaces, grace notes ≈ 0.6 size) but not any one font.
 */
import type { GrayImage } from '../omrTypes.ts';

export interface Canvas {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

export interface StaffSpec {
  /** Row of the top line. */
  readonly top: number;
  readonly left: number;
  readonly right: number;
  readonly space: number;
  readonly thickness: number;
}

export function blankPage(width: number, height: number): Canvas {
  return { width, height, data: new Uint8Array(width * height).fill(255) };
}

export function fillRect(
  page: Canvas,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  ink = 0,
): void {
  for (let y = Math.max(0, Math.round(y0)); y <= Math.min(page.height - 1, Math.round(y1)); y++) {
    for (let x = Math.max(0, Math.round(x0)); x <= Math.min(page.width - 1, Math.round(x1)); x++) {
      page.data[y * page.width + x] = ink;
    }
  }
}

/** A filled (or, with `hollow`, ringed) ellipse tilted like a note head. */
export function fillEllipse(
  page: Canvas,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  hollow = false,
): void {
  const tilt = -0.35;
  const cos = Math.cos(tilt);
  const sin = Math.sin(tilt);
  const r = Math.ceil(Math.max(rx, ry)) + 1;
  for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
    for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
      if (x < 0 || y < 0 || x >= page.width || y >= page.height) continue;
      const dx = x - cx;
      const dy = y - cy;
      const u = (dx * cos + dy * sin) / rx;
      const v = (-dx * sin + dy * cos) / ry;
      const d = u * u + v * v;
      if (d <= 1 && (!hollow || d >= 0.35)) page.data[y * page.width + x] = 0;
    }
  }
}

export function drawStaff(page: Canvas, staff: StaffSpec): void {
  for (let i = 0; i < 5; i++) {
    const y = staff.top + i * staff.space;
    fillRect(page, staff.left, y, staff.right, y + staff.thickness - 1);
  }
}

/** Centre row of a pitch (0 = Low G … 8 = High A): Low G on the second line from the bottom. */
export function pitchY(staff: StaffSpec, pitchIndex: number): number {
  const bottom = staff.top + 4 * staff.space + (staff.thickness - 1) / 2;
  return bottom - ((pitchIndex + 2) * staff.space) / 2;
}

export interface DrawnStem {
  readonly x: number;
  readonly end: number;
}

/** A melody note: head, stem down from its left edge, `flags` short flags at the stem's end. */
export function drawMelodyNote(
  page: Canvas,
  staff: StaffSpec,
  x: number,
  pitchIndex: number,
  options: { flags?: number; hollow?: boolean; dot?: boolean; stemLength?: number } = {},
): DrawnStem {
  const s = staff.space;
  const cy = pitchY(staff, pitchIndex);
  const rx = s * 0.62;
  fillEllipse(page, x + rx, cy, rx, s * 0.48, options.hollow ?? false);
  if (pitchIndex === 8)
    fillRect(page, x - s * 0.3, cy, x + 2 * rx + s * 0.3, cy + staff.thickness - 1);
  const stemW = Math.max(1, Math.round(s * 0.12));
  const end = cy + s * (options.stemLength ?? 3.5);
  fillRect(page, x, cy, x + stemW - 1, end);
  for (let f = 0; f < (options.flags ?? 0); f++) {
    const y = end - f * s * 0.75;
    fillRect(page, x, y - s * 0.4, x + s * 0.9, y);
  }
  if (options.dot)
    fillEllipse(
      page,
      x + 2 * rx + s * 0.5,
      cy - (pitchIndex % 2 === 0 ? s * 0.5 : 0),
      s * 0.2,
      s * 0.2,
    );
  return { x, end };
}

/** Beams joining melody stems (drawn at their ends), `count` deep. */
export function beamStems(
  page: Canvas,
  staff: StaffSpec,
  stems: readonly DrawnStem[],
  count: number,
): void {
  const s = staff.space;
  const end = Math.max(...stems.map((st) => st.end));
  const stemW = Math.max(1, Math.round(s * 0.12));
  for (const st of stems) fillRect(page, st.x, st.end, st.x + stemW - 1, end);
  const x0 = Math.min(...stems.map((st) => st.x));
  const x1 = Math.max(...stems.map((st) => st.x)) + stemW - 1;
  for (let b = 0; b < count; b++)
    fillRect(page, x0, end - b * s * 0.75 - s * 0.45, x1, end - b * s * 0.75);
}

/** Grace notes: small heads, stems up from their right edges, one flag or beamed together. */
export function drawGraceNotes(
  page: Canvas,
  staff: StaffSpec,
  x: number,
  pitches: readonly number[],
): number {
  const s = staff.space;
  const rx = s * 0.4;
  const stemW = Math.max(1, Math.round(s * 0.1));
  const gap = s * 1.1;
  const beamY = Math.min(...pitches.map((p) => pitchY(staff, p))) - s * 3;
  pitches.forEach((p, i) => {
    const hx = x + i * gap;
    const cy = pitchY(staff, p);
    fillEllipse(page, hx + rx, cy, rx, s * 0.3);
    if (p === 8) fillRect(page, hx - s * 0.2, cy, hx + 2 * rx + s * 0.2, cy + staff.thickness - 1);
    const sx = hx + 2 * rx - stemW;
    fillRect(page, sx, beamY, sx + stemW - 1, cy);
    if (pitches.length === 1) {
      for (let f = 0; f < 3; f++)
        fillRect(page, sx, beamY + f * s * 0.45, sx + s * 0.6, beamY + f * s * 0.45 + s * 0.2);
    }
  });
  if (pitches.length > 1) {
    const sx0 = x + 2 * rx - stemW;
    const sx1 = x + (pitches.length - 1) * gap + 2 * rx - 1;
    for (let b = 0; b < 3; b++)
      fillRect(page, sx0, beamY + b * s * 0.45, sx1, beamY + b * s * 0.45 + s * 0.22);
  }
  return x + (pitches.length - 1) * gap + 2 * rx;
}

/** A bar line across the staff; `thick` for a part's thick line. */
export function drawBarLine(page: Canvas, staff: StaffSpec, x: number, thick = false): void {
  const w = thick
    ? Math.max(3, Math.round(staff.space * 0.5))
    : Math.max(1, Math.round(staff.space * 0.12));
  fillRect(page, x, staff.top, x + w - 1, staff.top + 4 * staff.space + staff.thickness - 1);
}

/** Repeat dots in the two middle spaces, centred on x. */
export function drawRepeatDots(page: Canvas, staff: StaffSpec, x: number): void {
  const r = staff.space * 0.22;
  fillEllipse(page, x, staff.top + staff.space * 1.5, r, r);
  fillEllipse(page, x, staff.top + staff.space * 2.5, r, r);
}

/**
 * A page of `lines` staves one under another (`s` pixels a space, 30 spaces wide), each with a
 * clef's spine and bar lines at both ends; `draw` adds each staff's music between them.
 */
export function staffPage(
  s: number,
  draw: (page: Canvas, staff: StaffSpec, line: number) => void,
  lines = 1,
): Canvas {
  const width = Math.round(s * 30);
  const page = blankPage(width, Math.round(s * (4 + 12 * lines)));
  for (let k = 0; k < lines; k++) {
    const staff: StaffSpec = {
      top: Math.round(s * (6 + 12 * k)),
      left: 10,
      right: width - 10,
      space: s,
      thickness: Math.max(1, Math.round(s / 8)),
    };
    drawStaff(page, staff);
    drawBarLine(page, staff, staff.left);
    fillRect(page, staff.left + s, staff.top - 2 * s, staff.left + s * 1.15, staff.top + 5.5 * s);
    fillEllipse(page, staff.left + s * 0.8, staff.top + 5.4 * s, s * 0.35, s * 0.35);
    draw(page, staff, k);
    drawBarLine(page, staff, staff.right - 1);
  }
  return page;
}

/** Deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Flips `share` of the pixels (salt and pepper), like a photocopy's specks. */
export function addNoise(page: Canvas, share: number, seed = 1): GrayImage {
  const rnd = random(seed);
  const data = page.data.slice();
  for (let i = 0; i < data.length; i++) if (rnd() < share) data[i] = data[i]! < 128 ? 255 : 0;
  return { width: page.width, height: page.height, data };
}

/** Rotated by a small angle about the page centre (nearest neighbour). */
export function rotatePage(page: GrayImage, degrees: number): GrayImage {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = page.width / 2;
  const cy = page.height / 2;
  const data = new Uint8Array(page.width * page.height).fill(255);
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      const sx = Math.round(cos * (x - cx) + sin * (y - cy) + cx);
      const sy = Math.round(-sin * (x - cx) + cos * (y - cy) + cy);
      if (sx >= 0 && sy >= 0 && sx < page.width && sy < page.height)
        data[y * page.width + x] = page.data[sy * page.width + sx]!;
    }
  }
  return { width: page.width, height: page.height, data };
}

/** 3×3 box blur, as a soft scan or a slightly out-of-focus photo. */
export function blurPage(page: GrayImage): GrayImage {
  const { width: w, height: h } = page;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          sum += page.data[yy * w + xx]!;
          n++;
        }
      }
      data[y * w + x] = Math.round(sum / n);
    }
  }
  return { width: w, height: h, data };
}

/** Darkens the page towards one side, like a photo lit from the other (uneven light). */
export function shadePage(page: GrayImage, darkest = 0.5): GrayImage {
  const data = page.data.slice();
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      const f = 1 - (1 - darkest) * (x / page.width);
      data[y * page.width + x] = Math.round(data[y * page.width + x]! * f);
    }
  }
  return { width: page.width, height: page.height, data };
}

/** Corners of the page as they land in a photo: top-left, top-right, bottom-right, bottom-left. */
export type Quad = readonly [
  readonly [number, number],
  readonly [number, number],
  readonly [number, number],
  readonly [number, number],
];

/**
 * The page photographed from slightly off square (a perspective: each staff gets its own slope
 * and staff space): the page's corners land on `quad` (fractions of the width and height) and
 * `table` shows around it. Inverse mapping from the unit square (Heckbert 1989, §2.2.3).
 */
export function perspectivePage(page: GrayImage, quad: Quad, table = 150): GrayImage {
  const { width: w, height: h } = page;
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = quad.map(([x, y]) => [x * w, y * h]) as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const det = (x1 - x2) * (y3 - y2) - (x3 - x2) * (y1 - y2);
  const g = (sx * (y3 - y2) - (x3 - x2) * sy) / det;
  const k = ((x1 - x2) * sy - sx * (y1 - y2)) / det;
  const [a, b, c, d, e, f] = [
    x1 - x0 + g * x1,
    x3 - x0 + k * x3,
    x0,
    y1 - y0 + g * y1,
    y3 - y0 + k * y3,
    y0,
  ];
  // Adjugate of [[a b c] [d e f] [g k 1]]: photo pixel → unit square.
  const inv = [
    e - f * k,
    c * k - b,
    b * f - c * e,
    f * g - d,
    a - c * g,
    c * d - a * f,
    d * k - e * g,
    b * g - a * k,
    a * e - b * d,
  ];
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const z = inv[6]! * x + inv[7]! * y + inv[8]!;
      const u = (inv[0]! * x + inv[1]! * y + inv[2]!) / z;
      const v = (inv[3]! * x + inv[4]! * y + inv[5]!) / z;
      const px = Math.round(u * (w - 1));
      const py = Math.round(v * (h - 1));
      data[y * w + x] = u >= 0 && u <= 1 && v >= 0 && v <= 1 ? page.data[py * w + px]! : table;
    }
  }
  return { width: w, height: h, data };
}

/** Where a point of the flat page lands under `perspectivePage(page, quad)` (for checking). */
export function perspectivePoint(
  width: number,
  height: number,
  quad: Quad,
  x: number,
  y: number,
): [number, number] {
  const u = x / (width - 1);
  const v = y / (height - 1);
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = quad.map(([qx, qy]) => [
    qx * width,
    qy * height,
  ]) as [[number, number], [number, number], [number, number], [number, number]];
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const det = (x1 - x2) * (y3 - y2) - (x3 - x2) * (y1 - y2);
  const g = (sx * (y3 - y2) - (x3 - x2) * sy) / det;
  const k = ((x1 - x2) * sy - sx * (y1 - y2)) / det;
  const z = g * u + k * v + 1;
  return [
    ((x1 - x0 + g * x1) * u + (x3 - x0 + k * x3) * v + x0) / z,
    ((y1 - y0 + g * y1) * u + (y3 - y0 + k * y3) * v + y0) / z,
  ];
}

/** A page that does not lie flat: every column pushed down by up to `depth` px mid-page. */
export function bendPage(page: GrayImage, depth: number): GrayImage {
  const { width: w, height: h } = page;
  const data = new Uint8Array(w * h).fill(255);
  for (let x = 0; x < w; x++) {
    const u = x / (w - 1);
    const shift = Math.round(depth * 4 * u * (1 - u));
    for (let y = 0; y < h; y++) {
      const sy = y - shift;
      if (sy >= 0 && sy < h) data[y * w + x] = page.data[sy * w + x]!;
    }
  }
  return { width: w, height: h, data };
}
