/**
 * What the composer composes with (issue 19 item 1): the learned model (composerModel.json, from
 * the project's own library by `npm run train:composer`) and the hand weights
 * (composerWeights.ts). The default is the shipped pair; the leave-one-out tuning
 * (scripts/tune-composer.ts) passes models trained without one tune, and other weights.
 */
import modelJson from './composerModel.json' with { type: 'json' };
import type { AirMeter, ComposerForm } from './composerForms.ts';
import { COMPOSER_WEIGHTS, type ComposerWeights } from './composerWeights.ts';
import { MELODY_GROUPS, RHYTHM_GROUPS } from './formGroups.ts';
import type { ComposerModel } from './learnComposerModel.ts';
import type { GroupStats } from './learnFormStats.ts';

export interface ComposerEngine {
  readonly model: ComposerModel;
  readonly weights: ComposerWeights;
}

export const composerModel: ComposerModel = modelJson as ComposerModel;

export const defaultEngine: ComposerEngine = { model: composerModel, weights: COMPOSER_WEIGHTS };

/** A slow air learns from the library's airs in its own time signature first. */
const inMeter = (keys: readonly string[], meter?: AirMeter) =>
  meter ? keys.map((key) => (key === 'slow air 3/4' ? `slow air ${meter}` : key)) : keys;

/** The form's melody groups present in the model, most specific first. */
export function melodyGroups(
  engine: ComposerEngine,
  form: ComposerForm,
  meter?: AirMeter,
): GroupStats[] {
  return inMeter(MELODY_GROUPS[form], meter).flatMap((key) => engine.model.groups[key] ?? []);
}

const runSets = new WeakMap<ComposerModel, ReadonlySet<number>>();

/** The model's two-bar run hashes as a set (libraryRuns.ts). */
export function runSet(model: ComposerModel): ReadonlySet<number> {
  let set = runSets.get(model);
  if (!set) {
    set = new Set(model.runs);
    runSets.set(model, set);
  }
  return set;
}

export function rhythmGroups(
  engine: ComposerEngine,
  form: ComposerForm,
  meter?: AirMeter,
): GroupStats[] {
  return inMeter(RHYTHM_GROUPS[form], meter).flatMap((key) => engine.model.groups[key] ?? []);
}
