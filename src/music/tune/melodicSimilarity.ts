/**
 * How alike two melodies are (issue 15 item 3: an upload at or above 90% melodic similarity to
 * a library setting is offered as 'add as a new setting of …').
 *
 * Similarity is 1 − d / max(|a|, |b|), where d is the edit distance (insert, delete or change
 * one note) between the two pitch sequences: 1 for the same melody, 0.9 when one note in ten
 * differs. The cost is bounded: below a floor the answer is only 'less than the floor', found
 * from two cheap lower bounds on d (the length difference, and the notes the pitch counts
 * cannot pair) and otherwise from a band of width ⌊(1 − floor)·max⌋ around the diagonal
 * (Ukkonen 1985), so a comparison is O(n·band) rather than O(n·m).
 */

/** Pitch counts: 9 chanter notes. A melody's histogram bounds its edit distance to another. */
export function pitchCounts(melody: readonly number[]): number[] {
  const counts = new Array<number>(16).fill(0);
  for (const p of melody) counts[p & 15] = (counts[p & 15] ?? 0) + 1;
  return counts;
}

/**
 * Similarity in [0, 1] of two melodies given as small integers (pitch indexes); any value
 * below `floor` may be answered as 0. `countsA`/`countsB` may be passed when already known.
 */
export function melodicSimilarity(
  a: readonly number[],
  b: readonly number[],
  floor = 0,
  countsA: readonly number[] = pitchCounts(a),
  countsB: readonly number[] = pitchCounts(b),
): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  // d may be at most this for the answer to reach the floor.
  const budget = Math.floor((1 - floor) * longest + 1e-9);
  if (Math.abs(a.length - b.length) > budget) return 0;
  let paired = 0;
  for (let i = 0; i < countsA.length; i++) paired += Math.min(countsA[i] ?? 0, countsB[i] ?? 0);
  if (longest - paired > budget) return 0;
  const d = bandedEditDistance(a, b, budget);
  return d > budget ? 0 : 1 - d / longest;
}

/** Edit distance of a and b when it is ≤ band; otherwise any value > band. */
export function bandedEditDistance(
  a: readonly number[],
  b: readonly number[],
  band: number,
): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > band) return band + 1;
  const over = band + 1;
  let previous = new Array<number>(m + 1).fill(over);
  let current = new Array<number>(m + 1).fill(over);
  for (let j = 0; j <= Math.min(m, band); j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - band);
    const to = Math.min(m, i + band);
    current.fill(over);
    current[0] = i <= band ? i : over;
    let rowBest = current[0] ?? over;
    for (let j = from; j <= to; j++) {
      const change = (previous[j - 1] ?? over) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const remove = (previous[j] ?? over) + 1;
      const insert = (current[j - 1] ?? over) + 1;
      const value = Math.min(change, remove, insert, over);
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > band) return over;
    [previous, current] = [current, previous];
  }
  return previous[m] ?? over;
}
