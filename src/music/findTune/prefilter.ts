/**
 * Which tunes are worth aligning note by note (issue 15 item 6: fast with 10,000 tunes), in
 * two cheap steps on the folded melodies (./tuneMelody.ts foldRuns):
 *
 *  1. Inverted index: every tune scores the played n-grams it contains, each weighted by its
 *     rarity (log(1 + tunes / tunes with it)): Low A–B–C says little, a rare run a lot. The
 *     best WIDE are kept.
 *  2. Diagonals (as FASTA does for DNA): a played gram at fragment position i found at tune
 *     position p votes for the offset p − i; grams of the true place agree on one offset,
 *     give or take the shift a missing or extra note makes (BAND). A tune's score is its best
 *     band's weight, so grams scattered over the tune no longer add up.
 *
 * The order also breaks ties between equally good alignments (./findTunes.ts).
 */
import type { FindIndex } from './findIndex.ts';
import { foldRuns } from './tuneMelody.ts';

/** Tunes kept by the inverted-index step. */
export const WIDE = 2000;
/** Offsets this close count as one place: room for a missing and an extra note. */
export const BAND = 4;

/** Grams as numbers (digits in base 9), for typed arrays. */
function gramCodes(folded: string, gram: number): Uint16Array {
  const count = Math.max(0, folded.length - gram + 1);
  const out = new Uint16Array(count);
  for (let i = 0; i < count; i++) {
    let code = 0;
    for (let k = 0; k < gram; k++) code = code * 9 + (folded.charCodeAt(i + k) - 48);
    out[i] = code;
  }
  return out;
}

/** Derived from the index, never serialised: each tune's gram codes, made on first use. */
const codesCache = new WeakMap<FindIndex, (Uint16Array | undefined)[]>();

function tuneCodes(index: FindIndex, at: number): Uint16Array {
  let cache = codesCache.get(index);
  if (!cache) {
    cache = new Array<Uint16Array | undefined>(index.tunes.length);
    codesCache.set(index, cache);
  }
  return (cache[at] ??= gramCodes(foldRuns(index.tunes[at]!.degrees), index.gram));
}

/** Positions in index.tunes, best first, at most `keep`; every tune when the query is short. */
export function prefilter(index: FindIndex, query: string, keep: number): number[] {
  const count = index.tunes.length;
  const folded = foldRuns(query);
  const codes = gramCodes(folded, index.gram);
  if (codes.length === 0) return index.tunes.map((_, i) => i).slice(0, keep);

  // Step 1: rarity-weighted grams shared, over the inverted index.
  const weightOf = new Map<number, number>();
  const wide = new Float64Array(count);
  for (let i = 0; i < codes.length; i++) {
    const gram = folded.slice(i, i + index.gram);
    const list = index.postings[gram];
    const weight = list && list.length > 0 ? Math.log(1 + count / list.length) : 0;
    if (weightOf.has(codes[i]!)) continue;
    weightOf.set(codes[i]!, weight);
    if (list) for (const at of list) wide[at]! += weight;
  }
  // The WIDE best by a numeric sort of the scores (fast on a typed array), then one pass.
  const floor = count > WIDE ? Math.max(Number.MIN_VALUE, wide.slice().sort()[count - WIDE]!) : 0;
  const pool: number[] = [];
  for (let at = 0; at < count && pool.length < WIDE; at++) {
    if (wide[at]! > 0 && wide[at]! >= floor) pool.push(at);
  }

  // Step 2: the best diagonal band of each tune in the pool. Query grams by code in typed
  // arrays: this loop runs over every note of up to WIDE tunes.
  const slotOf = new Int16Array(9 ** index.gram).fill(-1);
  const slotWeight: number[] = [];
  const slotPositions: number[][] = [];
  codes.forEach((c, i) => {
    if (slotOf[c] === -1) {
      slotOf[c] = slotPositions.length;
      slotPositions.push([]);
      slotWeight.push(weightOf.get(c)!);
    }
    slotPositions[slotOf[c]!]!.push(i);
  });
  const score = new Float64Array(count);
  let bands = new Float64Array(64);
  for (const at of pool) {
    const tune = tuneCodes(index, at);
    // Two band grids half a band apart, so offsets either side of a grid line still meet.
    const size = Math.ceil((tune.length + codes.length) / BAND) + 2;
    if (bands.length < 2 * size) bands = new Float64Array(4 * size);
    else bands.fill(0, 0, 2 * size);
    let best = 0;
    for (let p = 0; p < tune.length; p++) {
      const slot = slotOf[tune[p]!]!;
      if (slot < 0) continue;
      const weight = slotWeight[slot]!;
      for (const i of slotPositions[slot]!) {
        const offset = p - i + codes.length;
        const a = 2 * Math.floor(offset / BAND);
        const b = 2 * Math.floor((offset + BAND / 2) / BAND) + 1;
        best = Math.max(best, (bands[a]! += weight), (bands[b]! += weight));
      }
    }
    score[at] = best;
  }
  pool.sort((a, b) => score[b]! - score[a]! || a - b);
  if (count <= keep) {
    // A small library: every tune is aligned, those with no gram in common last.
    const inPool = new Set(pool);
    for (let at = 0; at < count; at++) if (!inPool.has(at)) pool.push(at);
  }
  return pool.slice(0, keep);
}
