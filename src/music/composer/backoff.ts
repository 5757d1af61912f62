/**
 * Interpolated back-off (issue 19 item 1): a distribution from the most specific counts, mixed
 * with the next broader one in proportion to how much evidence the specific counts have —
 * P(x) = (c(x) + k · P_broader(x)) / (N + k) — down to a prior. Used for notes, rhythms,
 * cadences and embellishments, so a form with few library tunes leans on related ones.
 */

/**
 * Shrinkage by how many tunes a level was counted from (issue 19: a form the library has one tune
 * of must lean on the pooled counts more than one it has ten of, however many notes that one tune
 * has). A level counted from `t` tunes, with a broader level under it, gets a back-off mass of
 * `k + perTune · N / t` — its own share N / (N + mass) tends to t / (t + perTune) as N grows.
 * The broadest level present backs off to the prior by `k` alone.
 */
export interface Shrink {
  /** Tunes each level was counted from, as `levels`. */
  readonly tunes: readonly number[];
  /** Back-off mass in tunes (composerWeights.ts `perTune`). */
  readonly perTune: number;
}

function massOf(k: number, total: number, i: number, broadest: number, shrink?: Shrink): number {
  const tunes = shrink?.tunes[i] ?? 0;
  if (!shrink || i === broadest || tunes <= 0) return k;
  return k + (shrink.perTune * total) / tunes;
}

/** `levels` from most specific to broadest (missing ones skipped); `prior` sums to 1. */
export function backoffArray(
  levels: readonly (readonly number[] | undefined)[],
  k: number,
  prior: readonly number[],
  shrink?: Shrink,
): number[] {
  let p = [...prior];
  let broadest = -1;
  for (let i = levels.length - 1; i >= 0; i--) {
    const counts = levels[i];
    if (!counts) continue;
    const total = counts.reduce((s, v) => s + v, 0);
    if (total === 0) continue;
    if (broadest < 0) broadest = i;
    const mass = massOf(k, total, i, broadest, shrink);
    p = counts.map((c, j) => (c + mass * p[j]!) / (total + mass));
  }
  return p;
}

export function backoffMap(
  levels: readonly (Readonly<Record<string, number>> | undefined)[],
  k: number,
  prior: ReadonlyMap<string, number>,
  shrink?: Shrink,
): Map<string, number> {
  let p = new Map(prior);
  let broadest = -1;
  for (let i = levels.length - 1; i >= 0; i--) {
    const counts = levels[i];
    if (!counts) continue;
    const total = Object.values(counts).reduce((s, v) => s + v, 0);
    if (total === 0) continue;
    if (broadest < 0) broadest = i;
    const mass = massOf(k, total, i, broadest, shrink);
    const next = new Map<string, number>();
    for (const key of new Set([...p.keys(), ...Object.keys(counts)])) {
      next.set(key, ((counts[key] ?? 0) + mass * (p.get(key) ?? 0)) / (total + mass));
    }
    p = next;
  }
  return p;
}
