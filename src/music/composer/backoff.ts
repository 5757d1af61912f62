/**
 * Interpolated back-off (issue 19 item 1): a distribution from the most specific counts, mixed
 * with the next broader one in proportion to how much evidence the specific counts have —
 * P(x) = (c(x) + k · P_broader(x)) / (N + k) — down to a prior. Used for notes, rhythms,
 * cadences and embellishments, so a form with few library tunes leans on related ones.
 */

/** `levels` from most specific to broadest (missing ones skipped); `prior` sums to 1. */
export function backoffArray(
  levels: readonly (readonly number[] | undefined)[],
  k: number,
  prior: readonly number[],
): number[] {
  let p = [...prior];
  for (let i = levels.length - 1; i >= 0; i--) {
    const counts = levels[i];
    if (!counts) continue;
    const total = counts.reduce((s, v) => s + v, 0);
    if (total === 0) continue;
    p = counts.map((c, j) => (c + k * p[j]!) / (total + k));
  }
  return p;
}

export function backoffMap(
  levels: readonly (Readonly<Record<string, number>> | undefined)[],
  k: number,
  prior: ReadonlyMap<string, number>,
): Map<string, number> {
  let p = new Map(prior);
  for (let i = levels.length - 1; i >= 0; i--) {
    const counts = levels[i];
    if (!counts) continue;
    const total = Object.values(counts).reduce((s, v) => s + v, 0);
    if (total === 0) continue;
    const next = new Map<string, number>();
    for (const key of new Set([...p.keys(), ...Object.keys(counts)])) {
      next.set(key, ((counts[key] ?? 0) + k * (p.get(key) ?? 0)) / (total + k));
    }
    p = next;
  }
  return p;
}
