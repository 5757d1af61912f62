/**
 * Stage 2b (issue 20 item 1, phone photos): under a phone's perspective each staff has its own
 * slope and its own staff space, and a bent page curves them, so no single shear levels the
 * page and the row projection of the whole page smears the lines of the steeper staves into
 * nothing. Each staff is found where it is straight enough — in vertical strips ~14 staff
 * spaces wide, each levelled by its own skew — and the strips' staves are linked across the
 * page; then each of the five lines is followed column by column (the thin ink run nearest
 * the line's predicted row) and fitted with a low-order polynomial, so pitch can be measured
 * against the lines where the note is (rectifyPage.ts).
 */
import type { BinaryImage } from './binarise.ts';
import { deskew, estimateSkew } from './deskew.ts';
import { findStaves, type StaffSpacing } from './findStaves.ts';

/** One staff line's row as a polynomial in x: y = c0 + c1·u + c2·u², u = (x − centre) / scale. */
export interface LineCurve {
  readonly coef: readonly [number, number, number];
  readonly centre: number;
  readonly scale: number;
}

export interface TracedStaff {
  readonly lines: readonly [LineCurve, LineCurve, LineCurve, LineCurve, LineCurve];
  readonly left: number;
  readonly right: number;
}

export const lineAt = (line: LineCurve, x: number): number => {
  const u = (x - line.centre) / line.scale;
  return line.coef[0] + line.coef[1] * u + line.coef[2] * u * u;
};

/** Strip width in staff spaces: wide enough for findStaves (≥ 8), narrow enough to be straight. */
const STRIP_SPACES = 14;
/** Band height in staff spaces: a staff (4) with room for the skew search to see it whole. */
const BAND_SPACES = 16;

/**
 * Ink pixels sampled for a band's skew: a band holds one or two staves, whose five lines
 * alone are thousands of pixels, so the projection's peak stands out on a sample as well.
 */
const BAND_SAMPLES = 12_000;

interface Sighting {
  readonly x: number;
  readonly lines: readonly number[];
  readonly slope: number;
}

/**
 * Staves seen in vertical strips, each cut into overlapping bands 16 staff spaces tall that are
 * levelled by their own skew: under perspective the staves at the top and at the bottom of a
 * page slope differently, so one skew per strip blurs some of them.
 */
function sightings(ink: BinaryImage, spacing: StaffSpacing): Sighting[][] {
  const { width: w, height: h, data } = ink;
  const s = spacing.space;
  const strip = Math.round(s * STRIP_SPACES);
  const count = Math.max(1, Math.floor(w / strip));
  const step = w / count;
  const band = Math.round(s * BAND_SPACES);
  const stride = Math.round(band / 2);
  const out: Sighting[][] = [];
  for (let i = 0; i < count; i++) {
    const x0 = Math.round(i * step);
    const x1 = Math.min(w, Math.round((i + 1) * step));
    const sw = x1 - x0;
    const mid = sw / 2;
    const seen: Sighting[] = [];
    for (let top = 0; top < h; top += stride) {
      const bh = Math.min(h, top + band) - top;
      const crop = new Uint8Array(sw * bh);
      for (let y = 0; y < bh; y++)
        crop.set(data.subarray((top + y) * w + x0, (top + y) * w + x1), y * sw);
      const image = { width: sw, height: bh, data: crop };
      const level = deskew(image, estimateSkew(image, BAND_SAMPLES));
      for (const st of findStaves(level.image, spacing)) {
        const lines = st.lines.map((y) => top + y - level.offset + mid * level.slope);
        // Each band keeps the staves in its middle half (the whole band at the page's ends).
        const centre = lines[2]! - top;
        const from = top === 0 ? 0 : stride / 2;
        const to = top + band >= h ? h : stride * 1.5;
        if (centre < from || centre >= to) continue;
        seen.push({ x: x0 + mid, lines, slope: level.slope });
      }
      if (top + band >= h) break;
    }
    out.push(seen.sort((a, b) => a.lines[2]! - b.lines[2]!));
  }
  return out;
}

/** Least-squares polynomial of degree `degree` (≤ 2) through (u, y). */
function fit(
  us: readonly number[],
  ys: readonly number[],
  degree: number,
): [number, number, number] {
  const n = degree + 1;
  const a = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (let k = 0; k < us.length; k++) {
    const p = [1, us[k]!, us[k]! * us[k]!];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) a[i]![j]! += p[i]! * p[j]!;
      a[i]![n]! += p[i]! * ys[k]!;
    }
  }
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    if (Math.abs(a[c]![c]!) < 1e-12) return [ys.reduce((s, y) => s + y, 0) / ys.length, 0, 0];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let j = c; j <= n; j++) a[r]![j]! -= f * a[c]![j]!;
    }
  }
  const coef: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < n; i++) coef[i] = a[i]![n]! / a[i]![i]!;
  return coef;
}

type Points = readonly { readonly xs: readonly number[]; readonly ys: readonly number[] }[];

/** The five lines fitted over [left, right], or null when a line has too few points there. */
function fitLines(
  points: Points,
  left: number,
  right: number,
  s: number,
  w: number,
): TracedStaff['lines'] | null {
  const centre = (left + right) / 2;
  const scale = Math.max(1, (right - left) / 2);
  const lines: LineCurve[] = [];
  for (const { xs, ys } of points) {
    let us: number[] = [];
    let vs: number[] = [];
    for (let k = 0; k < xs.length; k++) {
      if (xs[k]! < left || xs[k]! > right) continue;
      us.push((xs[k]! - centre) / scale);
      vs.push(ys[k]!);
    }
    if (us.length < (right - left) * 0.2) return null;
    // A page bends only across most of its width; a short staff is fitted straight.
    const degree = right - left > w * 0.5 ? 2 : 1;
    let coef = fit(us, vs, degree);
    for (let round = 0; round < 2; round++) {
      const limit = Math.max(1.5, s * 0.12);
      const keep = us.map(
        (u, k) => Math.abs(coef[0] + coef[1] * u + coef[2] * u * u - vs[k]!) <= limit,
      );
      us = us.filter((_, k) => keep[k]);
      vs = vs.filter((_, k) => keep[k]);
      if (us.length < 3) break;
      coef = fit(us, vs, degree);
    }
    lines.push({ coef, centre, scale });
  }
  return lines as unknown as TracedStaff['lines'];
}

/** The widest run of columns where three of the five fitted lines have ink, gaps < 3 spaces. */
function extentAlong(
  ink: BinaryImage,
  lines: TracedStaff['lines'],
  spacing: StaffSpacing,
): [number, number] {
  const { width: w, height: h, data } = ink;
  const reach = Math.max(1.5, spacing.thickness);
  let best: [number, number] = [0, -1];
  let start = -1;
  let last = -1;
  for (let x = 0; x < w; x++) {
    let inked = 0;
    for (const line of lines) {
      const y = lineAt(line, x);
      for (let yy = Math.max(0, Math.ceil(y - reach)); yy <= Math.min(h - 1, y + reach); yy++) {
        if (data[yy * w + x]) {
          inked++;
          break;
        }
      }
    }
    if (inked < 3) continue;
    if (start < 0 || x - last > spacing.space * 3) start = x;
    last = x;
    if (last - start > best[1] - best[0]) best = [start, last];
  }
  return best;
}

export function traceStaves(ink: BinaryImage, spacing: StaffSpacing): TracedStaff[] {
  const { width: w, height: h, data } = ink;
  const s = spacing.space;
  // Link the strips' staves left to right: a staff continues where the last sighting's slope
  // says it will be.
  const chains: Sighting[][] = [];
  for (const strip of sightings(ink, spacing)) {
    const taken = new Set<Sighting[]>();
    for (const seen of strip) {
      let best: Sighting[] | null = null;
      // Half a space: a strip that took a staff one line off (a ledger line, a beam) must not
      // join it. The two strips' mean slope follows a bent line.
      let bestD = s * 0.5;
      for (const chain of chains) {
        if (taken.has(chain)) continue;
        const last = chain[chain.length - 1]!;
        const slope = (last.slope + seen.slope) / 2;
        const d = Math.abs(last.lines[2]! + (seen.x - last.x) * slope - seen.lines[2]!);
        if (d < bestD) {
          bestD = d;
          best = chain;
        }
      }
      if (best) {
        best.push(seen);
        taken.add(best);
      } else chains.push([seen]);
    }
  }
  const predict = (chain: readonly Sighting[], line: number, x: number): number => {
    const first = chain[0]!;
    const last = chain[chain.length - 1]!;
    if (x <= first.x) return first.lines[line]! + (x - first.x) * first.slope;
    if (x >= last.x) return last.lines[line]! + (x - last.x) * last.slope;
    let i = 0;
    while (chain[i + 1]!.x < x) i++;
    const a = chain[i]!;
    const b = chain[i + 1]!;
    // Cubic Hermite through both sightings' rows and slopes: a bent line between two strips
    // that both see it level-ish at their ends still bows in the middle.
    const span = b.x - a.x;
    const t = (x - a.x) / span;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * a.lines[line]! +
      (t3 - 2 * t2 + t) * span * a.slope +
      (-2 * t3 + 3 * t2) * b.lines[line]! +
      (t3 - t2) * span * b.slope
    );
  };
  const reach = Math.max(2, s * 0.3);
  const thin = spacing.thickness * 2 + 2;
  const staves: TracedStaff[] = [];
  for (const chain of chains) {
    const points = Array.from({ length: 5 }, () => ({ xs: [] as number[], ys: [] as number[] }));
    let left = -1;
    let right = -1;
    let lastOn = -1;
    let runStart = -1;
    for (let x = 0; x < w; x++) {
      const found: (number | null)[] = [];
      let inked = 0;
      for (let j = 0; j < 5; j++) {
        const p = predict(chain, j, x);
        let bestY: number | null = null;
        let bestD = reach + 1;
        let anyInk = false;
        for (let y = Math.max(0, Math.round(p - reach)); y <= Math.min(h - 1, p + reach); y++) {
          if (!data[y * w + x]) continue;
          anyInk = true;
          if (y > 0 && data[(y - 1) * w + x]) continue;
          let e = y;
          while (e + 1 < h && data[(e + 1) * w + x]) e++;
          if (e - y + 1 > thin) continue;
          const c = (y + e) / 2;
          if (Math.abs(c - p) < bestD) {
            bestD = Math.abs(c - p);
            bestY = c;
          }
        }
        found.push(bestY);
        if (anyInk) inked++;
      }
      if (found.filter((f) => f !== null).length >= 3) {
        found.forEach((y, j) => {
          if (y !== null) {
            points[j]!.xs.push(x);
            points[j]!.ys.push(y);
          }
        });
      }
      // Extent: three of the five lines inked (a thin line in a blurred photo breaks up), gaps
      // under two spaces.
      if (inked >= 3) {
        if (runStart < 0 || x - lastOn > s * 2) runStart = x;
        lastOn = x;
        if (lastOn - runStart > right - left) [left, right] = [runStart, lastOn];
      }
    }
    if (right - left < s * 8) continue;
    let lines = fitLines(points, left, right, s, w);
    if (!lines) continue;
    // Once fitted, the lines say where the staff runs better than the strips' guesses did: in
    // a soft photo a thin line breaks up, so the first extent can stop short. Measure it
    // again along the fitted lines (three of five inked, gaps under three spaces) and refit.
    const [l2, r2] = extentAlong(ink, lines, spacing);
    if (r2 - l2 > right - left) {
      const wider = fitLines(points, l2, r2, s, w);
      if (wider) [lines, left, right] = [wider, l2, r2];
    }
    staves.push({ lines, left, right });
  }
  // A staff the strips did not link into one chain is traced twice: keep the longer.
  const mid = (st: TracedStaff) => lineAt(st.lines[2], (st.left + st.right) / 2);
  const kept: TracedStaff[] = [];
  for (const st of [...staves].sort((a, b) => b.right - b.left - (a.right - a.left))) {
    if (kept.every((k) => Math.abs(mid(k) - mid(st)) > s * 2)) kept.push(st);
  }
  return kept.sort(
    (a, b) =>
      lineAt(a.lines[2], (a.left + a.right) / 2) - lineAt(b.lines[2], (b.left + b.right) / 2),
  );
}
