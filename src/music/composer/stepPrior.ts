/**
 * The prior under the first-order note counts (issue 19 item 1): what follows a note the tunes
 * rarely show moving on (Low G, High A) is not any note with equal chance but the steps pipe
 * melodies take everywhere — mostly a step up or down, seldom a leap (the pooled library's step
 * frequencies, formTilt.ts `marginalsOf`). Backing off to a distribution over steps rather than
 * a uniform one is the class-based back-off of language models (Brown et al., 'Class-based
 * n-gram models of natural language', Computational Linguistics 18(4), 1992), with the step as
 * the class. `share` (composerWeights.ts `stepPrior`) mixes it with the uniform prior.
 */
import { marginalsOf } from './formTilt.ts';
import type { GroupStats } from './learnFormStats.ts';

export function stepPrior(
  pooled: GroupStats | undefined,
  prev: number,
  strong: boolean,
  share: number,
): number[] {
  const uniform = Array<number>(9).fill(1 / 9);
  if (!pooled || share <= 0) return uniform;
  const steps = marginalsOf(pooled).step[strong ? 's' : 'w'];
  // One count added to every step the chanter allows keeps no step impossible.
  const raw = uniform.map((_, q) => steps[q - prev + 8]! + 1);
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((r, q) => share * (r / total) + (1 - share) * uniform[q]!);
}
