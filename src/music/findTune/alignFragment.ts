/**
 * Where a played fragment fits best in a tune's melody (issue 15 item 6): an edit-distance
 * alignment that must use the whole fragment but may begin and end anywhere in the tune
 * ('fitting' alignment: Smith–Waterman's free start and end, on the tune's side only). The
 * chanter has fixed pitches, so absolute scale degrees are compared (no transposing).
 *
 * A wrong, a missing or an extra note costs EDIT. A repeated note that is there once where
 * the other side has it twice costs only REPEAT: a chanter cannot re-articulate a note without
 * a gracenote, so a held note reaches the detector as one long note or as two, and a piper
 * tapping buttons may tap a repeated note once.
 */

export const EDIT = 4;
export const REPEAT = 2;

/** Stands for 'over the limit' in the cut-off table: large, and safe to add to. */
const OVER = 1 << 20;

export interface Fit {
  /** Sum of the edits' costs. */
  readonly cost: number;
  /** Index into the tune's melody where the matched stretch begins. */
  readonly start: number;
}

/**
 * `query` and `tune` are scale-degree digit strings (./findIndex.ts). Returns null when every
 * alignment costs more than `limit`.
 */
export function alignFragment(query: string, tune: string, limit = Infinity): Fit | null {
  const m = query.length;
  if (m === 0) return { cost: 0, start: 0 };
  // Extra played note i: cheap when it repeats the played note before it.
  const extraCost = new Int32Array(m + 1);
  for (let i = 1; i <= m; i++) {
    extraCost[i] = i > 1 && query.charCodeAt(i - 1) === query.charCodeAt(i - 2) ? REPEAT : EDIT;
  }
  // Column j of the table: cost[i] = best cost of the first i played notes ending at tune note
  // j; from[i] = tune note where that alignment begins.
  let cost = new Int32Array(m + 1);
  let from = new Int32Array(m + 1);
  let nextCost = new Int32Array(m + 1);
  let nextFrom = new Int32Array(m + 1);
  for (let i = 1; i <= m; i++) cost[i] = cost[i - 1]! + extraCost[i]!;
  let best = cost[m]!;
  let bestStart = 0;
  // Ukkonen's cut-off: rows below the last one within the limit cannot come back under it
  // (every edit costs at least REPEAT > 0), so each column stops one row past it.
  let active = 0;
  while (active < m && cost[active + 1]! <= limit) active++;
  for (let j = 1; j <= tune.length; j++) {
    const t = tune.charCodeAt(j - 1);
    const missingCost = j > 1 && tune.charCodeAt(j - 2) === t ? REPEAT : EDIT;
    nextCost[0] = 0; // the fragment may begin anywhere
    nextFrom[0] = j;
    const rows = Math.min(m, active + 1);
    let last = 0;
    for (let i = 1; i <= rows; i++) {
      let c = cost[i - 1]! + (query.charCodeAt(i - 1) === t ? 0 : EDIT);
      let f = from[i - 1]!;
      const extra = nextCost[i - 1]! + extraCost[i]!; // a played note the tune does not have
      if (extra < c) {
        c = extra;
        f = nextFrom[i - 1]!;
      }
      // A tune note the piper left out; cells past the last column's active rows are over
      // the limit, whatever they hold.
      const missing = (i <= active ? cost[i]! : OVER) + missingCost;
      if (missing < c) {
        c = missing;
        f = from[i]!;
      }
      nextCost[i] = c;
      nextFrom[i] = f;
      if (c <= limit) last = i;
    }
    // Rows below stay over the limit; extra notes may still carry the last active row down.
    for (let i = rows + 1; i <= m && nextCost[i - 1]! + extraCost[i]! <= limit; i++) {
      nextCost[i] = nextCost[i - 1]! + extraCost[i]!;
      nextFrom[i] = nextFrom[i - 1]!;
      last = i;
    }
    active = last;
    if (active === m && nextCost[m]! < best) {
      best = nextCost[m]!;
      bestStart = nextFrom[m]!;
      if (best === 0) break;
    }
    const swapCost = cost;
    cost = nextCost;
    nextCost = swapCost;
    const swapFrom = from;
    from = nextFrom;
    nextFrom = swapFrom;
  }
  return best > limit ? null : { cost: best, start: bestStart };
}
