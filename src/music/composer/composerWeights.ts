/**
 * The composer's few hand weights (issue 19 item 1): how strongly each step backs off to the
 * next, broader statistic, and how much the plan's shaping may bend the learned notes. They are
 * tuned by leave-one-out over the project's own library (`npm run tune:composer`,
 * scripts/tune-composer.ts) — never on the shared corpus, which only measures (bench:composer).
 */
export interface ComposerWeights {
  /** Back-off mass of a second-order note count towards first order (in counts). */
  readonly order2: number;
  /** Back-off mass of a group's first-order counts towards the next group. */
  readonly order1: number;
  /** Factor for chord notes on beat starts (1: none). */
  readonly chord: number;
  /** Width of the pull towards the part's centre, in scale steps squared (Infinity: none). */
  readonly range: number;
  /** Factor for leaps wider than a fifth (1: none). */
  readonly leap: number;
  /** Factor for a step onto a cadence's target from the note before it (1: none). */
  readonly approach: number;
  /** Back-off mass of learned beat rhythms towards the form's own cells. */
  readonly rhythm: number;
  /** Back-off mass of learned cadence notes towards the idiom's (E and B; home). */
  readonly ends: number;
  /** Back-off mass of learned embellishment families towards the next group. */
  readonly graces: number;
  /**
   * Back-off mass in tunes of a group's counts towards the broader group's (backoff.ts Shrink):
   * a form with one library tune leans on the pooled counts, one with many on its own.
   */
  readonly perTune: number;
  /**
   * `perTune` for embellishment families (embellishBar.ts): a form's own tunes write their
   * embellishments less differently from the pooled library's than their notes, so the families
   * lean harder on the pooled counts than the melody does (held-out check, 2026-12-02: 2, 8, 32
   * and 128 gave 0.3822, 0.3811, 0.3810 and 0.3816; with `graces` then 1 → 0.25, 0.3805 —
   * at 30 tunes per fold 0.3808 for the weights before, 0.3806 and 0.3801).
   */
  readonly gracePerTune: number;
  /**
   * How far pooled note chances lean towards the form's own note frequencies (formTilt.ts β;
   * 0: none, 1: fully).
   */
  readonly tilt: number;
  /** How far they lean towards the form's own step frequencies (formTilt.ts γ). */
  readonly tiltStep: number;
  /**
   * Share of the pooled step frequencies in the prior under first-order note counts
   * (stepPrior.ts; 0: a uniform prior).
   */
  readonly stepPrior: number;
  /**
   * How far notes before a fixed one (a cadence, a lead-in, a restated bar's first note) are
   * drawn as leading to it (bridgeTo.ts: an exponent on the chance of reaching it; 0: blind).
   */
  readonly bridge: number;
  /**
   * Exponent on the learned step factors (stepCalibration.ts: they keep the composed tunes'
   * steps the library's; 0: none, 1: as calibrated).
   */
  readonly steps: number;
}

/**
 * Found by `npm run tune:composer` (leave-one-out over the 21 library tunes, each fold's composed
 * tunes against its own held-out tune, coordinate search from the likelihood-guided start
 * `--weights '{"order2":4,"order1":4,"perTune":8,"graces":2,"stepPrior":0.5,"bridge":1}'`,
 * 2026-12-01): mean held-out distance 0.384 against 0.402 for the weights before.
 */
export const COMPOSER_WEIGHTS: ComposerWeights = {
  order2: 2,
  order1: 2,
  chord: 1.2,
  range: 40,
  leap: 1,
  approach: 2,
  rhythm: 2,
  ends: 8,
  graces: 0.25,
  perTune: 8,
  gracePerTune: 32,
  tilt: 0,
  tiltStep: 0,
  stepPrior: 0.5,
  bridge: 1,
  steps: 1,
};
