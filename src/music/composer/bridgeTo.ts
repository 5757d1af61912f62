/**
 * Leading a melody to a note it must reach (issue 19 item 1: cadences 'approached from the notes
 * before'). A bar's cadence note, a lead-in, or the first note of a restated bar that follows is
 * fixed; the notes before it are drawn as the learned chain would draw them *given* that it
 * reaches that note — P(q_i | q_i−1, q_T = target) ∝ P(q_i | q_i−1) · P(q_T = target | q_i),
 * the second factor from the first-order chances multiplied forward (a Markov bridge: forward
 * filtering, backward sampling, e.g. Murphy, 'Machine Learning: a Probabilistic Perspective',
 * 2012, §17.4.5). Without it the note before a fixed one is drawn blind and the step into the
 * cadence is any step at all, which skews the interval distribution.
 */
import type { ComposerWeights } from './composerWeights.ts';
import type { GroupStats } from './learnFormStats.ts';
import { nextNoteChances } from './nextNoteChances.ts';

type Weights = Parameters<typeof nextNoteChances>[1];

/**
 * For each position i < `at`, the chance of each note q at i reaching `target` at `at`;
 * `strongAt(j)` says whether position j starts a beat (the chances differ). Entries from `from`.
 */
export function bridgeTo(
  groups: readonly GroupStats[],
  weights: Weights & Pick<ComposerWeights, 'bridge'>,
  strongAt: (j: number) => boolean,
  from: number,
  at: number,
  target: number,
): Map<number, number[]> {
  const out = new Map<number, number[]>();
  if (weights.bridge <= 0) return out;
  const rows = new Map<boolean, number[][]>();
  const matrix = (strong: boolean) => {
    let m = rows.get(strong);
    if (!m) {
      m = Array.from({ length: 9 }, (_, q) => nextNoteChances(groups, weights, null, q, strong));
      rows.set(strong, m);
    }
    return m;
  };
  let reach: number[] = Array.from({ length: 9 }, (_, q) => (q === target ? 1 : 0));
  for (let i = at - 1; i >= from; i--) {
    const m = matrix(strongAt(i + 1));
    reach = m.map((row) => row.reduce((s, p, r) => s + p * reach[r]!, 0));
    out.set(
      i,
      reach.map((r) => r ** weights.bridge),
    );
  }
  return out;
}
