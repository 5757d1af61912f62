/**
 * The learned chance of each next note (issue 19 item 1): second-order counts backing off to
 * first order, from the form's own library tunes to related ones and to all (backoff.ts,
 * formGroups.ts), under a prior of the steps pipe melodies take (stepPrior.ts), tilted towards
 * the form's own note and step frequencies (formTilt.ts). barMelody.ts bends it by the plan.
 */
import { backoffArray } from './backoff.ts';
import type { ComposerWeights } from './composerWeights.ts';
import { formTilt } from './formTilt.ts';
import type { GroupStats } from './learnFormStats.ts';
import { stepPrior } from './stepPrior.ts';

const UNIFORM: readonly number[] = Array<number>(9).fill(1 / 9);

/** The learned chance of each next note after `prev2`, `prev` at a beat start or inside one. */
export function nextNoteChances(
  groups: readonly GroupStats[],
  weights: Pick<
    ComposerWeights,
    'order1' | 'order2' | 'perTune' | 'tilt' | 'tiltStep' | 'stepPrior'
  >,
  prev2: number | null,
  prev: number | null,
  strong: boolean,
): number[] {
  const s = strong ? 's' : 'w';
  if (prev === null) return [...UNIFORM];
  // Broadest first-order level first, then narrower; second order on top of its group's first.
  const shrink = { tunes: groups.map((g) => g.tunes), perTune: weights.perTune };
  const first = backoffArray(
    groups.map((g) => g.o1[s][prev]),
    weights.order1,
    stepPrior(groups.at(-1), prev, strong, weights.stepPrior),
    shrink,
  );
  const second = groups.map((g) => (prev2 === null ? undefined : g.o2[`${prev2},${prev},${s}`]));
  const pooled = backoffArray(second, weights.order2, first, shrink);
  const factors = formTilt(groups, weights.tilt, weights.tiltStep, prev, strong);
  const tilted = pooled.map((p, q) => p * factors[q]!);
  const total = tilted.reduce((a, b) => a + b, 0);
  return tilted.map((p) => p / total);
}
