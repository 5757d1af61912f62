/**
 * Keeping the composed tunes' steps the library's (issue 19 item 1, 'Evaluated honestly':
 * melodic interval). The learned chain alone writes the library's steps, but the plan bends it —
 * cadence notes fixed at bar ends and approached by a step, no two equal notes before an equal
 * cadence, chord notes on the beat, the part's range, restated bars joined to whatever precedes
 * them — and together these wrote fewer repeated notes and more leaps wider than a fifth than
 * the library does, so a plain first-order chain came nearer real tunes' intervals than the
 * composer. The cure is a factor per step (−8 … +8 scale steps) on every freely drawn note,
 * found at training time by composing with the model and multiplying each step's factor by
 * (library's share / composed share)^rate until the two agree: iterative proportional fitting
 * of one marginal (Deming and Stephan, 'On a least squares adjustment of a sampled frequency
 * table when the expected marginal totals are known', Ann. Math. Statist. 11(4), 1940), the
 * same minimum-discrimination idea as formTilt.ts but applied to what the whole composer writes,
 * not to the chain before the plan bends it. The target is the pooled library's steps (see
 * `targetSteps`). Only the library is read; the corpus never.
 */
import { AIR_METERS, COMPOSER_FORMS, type AirMeter, type ComposerForm } from './composerForms.ts';
import type { ComposerEngine } from './composerEngine.ts';
import type { ComposerWeights } from './composerWeights.ts';
import { marginalsOf } from './formTilt.ts';
import type { GroupStats } from './learnFormStats.ts';
import { scaleIndex, type Pitch } from '../notes.ts';

/** Index of a step q − prev in a 17-entry table. */
export const stepIndex = (prev: number, q: number): number => q - prev + 8;

/** The key a form's (or an air's time signature's) factors are stored under. */
export function stepKey(form: ComposerForm, meter?: AirMeter): string {
  return form === 'slow air' ? `slow air ${meter ?? '3/4'}` : form;
}

/**
 * The library's step shares a form's tunes aim at: the pooled library's (the broadest group),
 * one count added to every step. Backing the form's own steps off to them as the notes are
 * (backoff.ts Shrink, perTune 8) did worse on held-out tunes' intervals (the sum over the nine
 * held-out forms 2.724 against 2.698, 2026-12-02): a form's few tunes do not predict its next
 * tune's steps better than the whole library does.
 */
export function targetSteps(groups: readonly GroupStats[]): number[] {
  const pooled = groups.at(-1);
  if (!pooled) return Array<number>(17).fill(1 / 17);
  const { s, w } = marginalsOf(pooled).step;
  const counts = s.map((v, i) => v + w[i]! + 1);
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => c / total);
}

/** Composes with the engine (import-free of composeTune.ts: the caller passes it in). */
export type Composer = (
  form: ComposerForm,
  seed: number,
  meter: AirMeter | undefined,
  engine: ComposerEngine,
) => readonly Pitch[];

/**
 * How the calibration runs: rounds, tunes per round (48: with 16 the factors fitted those tunes'
 * chance leaps and missed others'), the exponent of each correction, and the first seed (apart
 * from the seeds the tuning and the bench compose with).
 */
export const CALIBRATION = { rounds: 3, tunes: 48, rate: 0.8, firstSeed: 900001 } as const;

/**
 * Step factors per form (and per air time signature) that make the composed tunes' steps the
 * library's. `melodyGroups` gives a form's groups in `model`; `compose` writes one tune's pitches.
 */
export function calibrateSteps(
  engine: ComposerEngine,
  melodyGroups: (engine: ComposerEngine, form: ComposerForm, meter?: AirMeter) => GroupStats[],
  compose: Composer,
): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  type Target = readonly [ComposerForm, AirMeter | undefined];
  const targets = COMPOSER_FORMS.flatMap((form): Target[] =>
    form === 'slow air' ? AIR_METERS.map((m): Target => [form, m]) : [[form, undefined]],
  );
  for (const [form, meter] of targets) {
    const key = stepKey(form, meter);
    const groups = melodyGroups(engine, form, meter);
    if (groups.length === 0) continue;
    const target = targetSteps(groups);
    let factors = Array<number>(17).fill(1);
    for (let round = 0; round < CALIBRATION.rounds; round++) {
      const trial: ComposerEngine = {
        model: { ...engine.model, steps: { ...(engine.model.steps ?? {}), [key]: factors } },
        weights: engine.weights,
      };
      const made = Array<number>(17).fill(0);
      for (let i = 0; i < CALIBRATION.tunes; i++) {
        const notes = compose(form, CALIBRATION.firstSeed + i, meter, trial).map(scaleIndex);
        for (let j = 1; j < notes.length; j++) made[stepIndex(notes[j - 1]!, notes[j]!)]! += 1;
      }
      const total = made.reduce((s, v) => s + v, 0) || 1;
      const eps = 0.002;
      factors = factors.map((f, i) => {
        const ratio = (target[i]! + eps) / (made[i]! / total + eps);
        return Math.min(20, Math.max(0.05, f * ratio ** CALIBRATION.rate));
      });
    }
    // Rounded so the shipped JSON stays small and stable.
    out[key] = factors.map((f) => Math.round(f * 1000) / 1000);
  }
  return out;
}

/** The factor on the step from `prev` to `q` for this bar (1 when there are none). */
export function stepFactor(
  steps: readonly number[] | undefined,
  weights: Pick<ComposerWeights, 'steps'>,
  prev: number | null,
  q: number,
): number {
  if (!steps || prev === null || weights.steps === 0) return 1;
  return (steps[stepIndex(prev, q)] ?? 1) ** weights.steps;
}
