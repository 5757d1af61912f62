/**
 * Stage 4a (issue 20 item 1): vertical strokes near a staff — stems, bar lines, the clef's
 * spine, sharps. A stroke is a run of neighbouring columns each with a vertical ink run of at
 * least `minLength` px, overlapping from column to column. Note heads, beams and digits are
 * shorter than a stem and never make one.
 */
import type { BinaryImage } from './binarise.ts';

export interface Stroke {
  readonly x0: number;
  readonly x1: number;
  readonly top: number;
  readonly bottom: number;
}

interface Open {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  lastTop: number;
  lastBottom: number;
}

export function findStrokes(
  image: BinaryImage,
  band: {
    readonly top: number;
    readonly bottom: number;
    readonly left: number;
    readonly right: number;
  },
  minLength: number,
  maxWidth: number,
): Stroke[] {
  const { width: w, height: h, data } = image;
  const top = Math.max(0, Math.round(band.top));
  const bottom = Math.min(h - 1, Math.round(band.bottom));
  const done: Stroke[] = [];
  let open: Open[] = [];
  for (let x = Math.max(0, band.left); x <= Math.min(w - 1, band.right); x++) {
    const runs: [number, number][] = [];
    for (let y = top; y <= bottom;) {
      if (!data[y * w + x]) {
        y++;
        continue;
      }
      const start = y;
      while (y <= bottom && data[y * w + x]) y++;
      if (y - start >= minLength) runs.push([start, y - 1]);
    }
    const next: Open[] = [];
    const merged = new Set<Open>();
    // Each run is matched against the column before as it was: a second run in this column
    // (a stem broken for a pixel) was compared with the first one's rows and began a stroke of
    // its own, a second grace note on one stem (seed 7, clean 150 dpi: a birl's Low Gs lost).
    const before = new Map(open.map((o) => [o, [o.lastTop, o.lastBottom] as const]));
    for (const [a, b] of runs) {
      const matches = open.filter((o) => {
        const [lastTop, lastBottom] = before.get(o)!;
        return (
          !merged.has(o) &&
          Math.min(b, lastBottom) - Math.max(a, lastTop) >=
            0.5 * Math.min(b - a, lastBottom - lastTop)
        );
      });
      // A thin line a degree off upright (a photocopy's skew: the page is sheared level, which
      // leaves verticals leaning) is a staircase of runs that meet only at each step; a run
      // that carries on from the last one's end, up or down, is the same line (seed 7, 150 dpi
      // photocopies: bar lines split into two short strokes were lost).
      if (matches.length === 0) {
        const step = open.find(
          (o) =>
            !merged.has(o) &&
            !next.includes(o) &&
            a <= o.lastBottom + 1 &&
            b >= o.lastTop - 1 &&
            ((a > o.lastTop && b > o.lastBottom) || (a < o.lastTop && b < o.lastBottom)),
        );
        if (step) matches.push(step);
      }
      const match = matches[0];
      if (match) {
        // A run joining two strokes of the last column makes them one: a stem whose edge column
        // had a one-pixel break read as two strokes side by side, a second grace note on one
        // stem (bench seed 7: a grip's last Low G doubled and the grip lost).
        for (const other of matches.slice(1)) {
          match.x0 = Math.min(match.x0, other.x0);
          match.top = Math.min(match.top, other.top);
          match.bottom = Math.max(match.bottom, other.bottom);
          merged.add(other);
        }
        const again = next.includes(match);
        match.x1 = x;
        match.top = Math.min(match.top, a);
        match.bottom = Math.max(match.bottom, b);
        match.lastTop = again ? Math.min(match.lastTop, a) : a;
        match.lastBottom = again ? Math.max(match.lastBottom, b) : b;
        if (!next.includes(match)) next.push(match);
      } else next.push({ x0: x, x1: x, top: a, bottom: b, lastTop: a, lastBottom: b });
    }
    for (const o of open) if (!next.includes(o) && !merged.has(o)) close(o);
    open = next;
  }
  for (const o of open) close(o);
  function close(o: Open): void {
    if (o.x1 - o.x0 + 1 <= maxWidth)
      done.push({ x0: o.x0, x1: o.x1, top: o.top, bottom: o.bottom });
  }
  return done.sort((a, b) => a.x0 - b.x0);
}
