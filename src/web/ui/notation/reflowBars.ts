/**
 * Line breaking for the score (issue 6: 'lines as the tune defines them, reflowed on narrow
 * screens'). A tune line is kept whole when its bars fit; otherwise it is split greedily into
 * rows that do, at least one bar per row. Pure, so it is tested with plain numbers.
 */

/**
 * Splits one tune line into rows. `minWidths` are each bar's narrowest comfortable width,
 * `available` the row width and `startWidth` what clef and key take at a row's start.
 * A line that fits stays one row. Otherwise it gets as few rows as greedy filling needs, with
 * the bars shared out evenly between them (no lone bar left on the last row); the optimum is
 * never wider than the greedy rows, so every row still fits. Returns the bar indices of each row.
 */
export function splitBars(
  minWidths: readonly number[],
  available: number,
  startWidth: number,
): number[][] {
  const room = Math.max(1, available - startWidth);
  let rows = 0;
  let used = Infinity;
  for (const width of minWidths) {
    if (used + width > room) {
      rows++;
      used = 0;
    }
    used += width;
  }
  if (rows <= 1) return minWidths.length ? [minWidths.map((_, i) => i)] : [];
  return balance(minWidths, rows);
}

/**
 * Contiguous partition of the bars into `rows` rows minimising the widest row (the classic
 * linear-partition DP; a line has a handful of bars, so O(rows·n²) is nothing).
 */
function balance(widths: readonly number[], rows: number): number[][] {
  const n = widths.length;
  const prefix = [0];
  for (const w of widths) prefix.push(prefix[prefix.length - 1]! + w);
  const span = (a: number, b: number) => prefix[b]! - prefix[a]!;
  // cost[k][i]: the best widest row for the first i bars in k rows; cut[k][i]: where row k starts.
  const cost: number[][] = [prefix.map((_, i) => (i === 0 ? 0 : Infinity))];
  const cut: number[][] = [prefix.map(() => 0)];
  for (let k = 1; k <= rows; k++) {
    cost.push(prefix.map(() => Infinity));
    cut.push(prefix.map(() => 0));
    for (let i = 1; i <= n; i++) {
      for (let j = k - 1; j < i; j++) {
        const c = Math.max(cost[k - 1]![j]!, span(j, i));
        if (c < cost[k]![i]!) {
          cost[k]![i] = c;
          cut[k]![i] = j;
        }
      }
    }
  }
  const result: number[][] = [];
  let end = n;
  for (let k = rows; k >= 1 && end > 0; k--) {
    const start = cut[k]![end]!;
    result.unshift(Array.from({ length: end - start }, (_, i) => start + i));
    end = start;
  }
  return result.filter((row) => row.length > 0);
}

/**
 * Shares `available` between bars in proportion to their minimum widths, so busy bars get more
 * room; bars never get less than their minimum (a row that cannot fit simply overflows).
 */
export function distributeWidths(minWidths: readonly number[], available: number): number[] {
  const total = minWidths.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return minWidths.map(() => available / Math.max(1, minWidths.length));
  const spare = Math.max(0, available - total);
  return minWidths.map((w) => w + (spare * w) / total);
}

export interface ScoreFit {
  /** The width the score is laid out at; drawn scaled by `width / layoutWidth` when wider. */
  readonly layoutWidth: number;
  /** For each tune line, the bar indices of each row. */
  readonly rows: readonly (readonly (readonly number[])[])[];
}

/**
 * How the score fits the width it gets (issue 22 item 6: 'keep the file's bars per line when
 * they fit'). `lines` holds each tune line's bar widths at full size, `startWidth` what clef and
 * key take at a row's start, `width` the container's width.
 *
 * 1. Every line fits at full size: laid out at `width`, one row per line.
 * 2. Every line fits when the score is drawn down to `minScale` (notes at least that big): laid
 *    out at the widest line's width and scaled to `width`, so the file's lines stay as written
 *    (printed pipe music is about 0.65 of VexFlow's full size).
 * 3. Otherwise the lines are laid out at `width / minScale` and split into balanced rows.
 */
export function fitScore(
  lines: readonly (readonly number[])[],
  startWidth: number,
  width: number,
  minScale: number,
): ScoreFit {
  const widest = Math.max(0, ...lines.map((bars) => startWidth + bars.reduce((s, w) => s + w, 0)));
  const whole = lines.map((bars) => (bars.length ? [bars.map((_, i) => i)] : []));
  if (widest <= width) return { layoutWidth: width, rows: whole };
  if (width / widest >= minScale) return { layoutWidth: Math.ceil(widest), rows: whole };
  const layoutWidth = Math.ceil(width / minScale);
  return { layoutWidth, rows: lines.map((bars) => splitBars(bars, layoutWidth, startWidth)) };
}
