/**
 * `npm run tune:composer` — tunes the composer's hand weights (composerWeights.ts) by
 * leave-one-out over the project's own library (issue 19 item 1): for each library tune, a model
 * is learned from the other tunes, tunes of its form are composed with it, and the composed
 * tunes' distributions (bench/composerStats.ts: pitch, interval, rhythm, embellishments, phrase
 * ends) are compared with the held-out tunes' (Jensen–Shannon). It never reads the shared corpus:
 * that only measures, in bench:composer. Prints the held-out distances for the shipped weights,
 * the first-order Markov baseline, and the best weights a coordinate search finds.
 *
 *   npm run tune:composer            search (a minute or two)
 *   npm run tune:composer -- --check the shipped weights and the baseline only
 */
import { markovBaseline } from '../bench/composerBaselines.ts';
import {
  FEATURE_NAMES,
  countFeatures,
  emptyFeatures,
  jsDistance,
  type TuneFeatures,
} from '../bench/composerStats.ts';
import {
  AIR_METERS,
  type AirMeter,
  type ComposerForm,
} from '../src/music/composer/composerForms.ts';
import type { ComposerEngine } from '../src/music/composer/composerEngine.ts';
import { composeTune } from '../src/music/composer/composeTune.ts';
import { COMPOSER_WEIGHTS, type ComposerWeights } from '../src/music/composer/composerWeights.ts';
import { learnComposerModel } from '../src/music/composer/learnComposerModel.ts';
import { signatureOf } from '../src/music/composer/learnFormStats.ts';
import { toTune } from '../src/music/composer/toTune.ts';
import { tuneText, type Tune } from '../src/music/tune/tune.ts';
import { trainingTunes } from './train-composer.ts';

const PER_TUNE = 6;

function libraryForm(tune: Tune): ComposerForm | null {
  const type = tuneText(tune, 'type').toLowerCase();
  const time = tune.parts.flatMap((p) => p.lines).find((l) => l.time)?.time;
  const sig = time ? signatureOf(time) : '';
  if (type === 'march') {
    const form = `${sig} march`;
    return ['2/4 march', '6/8 march', '3/4 march', '4/4 march'].includes(form)
      ? (form as ComposerForm)
      : null;
  }
  if (type === 'jig' || type === 'reel' || type === 'slow air') return type;
  return null;
}

const tunes = trainingTunes();
/** A held-out air is compared with airs composed in its own time signature. */
function airMeterOf(tune: Tune): AirMeter | undefined {
  const time = tune.parts.flatMap((p) => p.lines).find((l) => l.time)?.time;
  const sig = time ? signatureOf(time) : '';
  return (AIR_METERS as readonly string[]).includes(sig) ? (sig as AirMeter) : undefined;
}

const folds = tunes.flatMap((tune, index) => {
  const form = libraryForm(tune);
  if (!form) return [];
  const meter = form === 'slow air' ? airMeterOf(tune) : undefined;
  if (form === 'slow air' && !meter) return [];
  const label = meter ? `air ${meter}` : form;
  const model = learnComposerModel(tunes.filter((_, i) => i !== index));
  return [{ tune, form, meter, label, model }];
});
const forms = [...new Set(folds.map((f) => f.label))];

type Scores = Record<string, Record<string, number>>;

function evaluate(weights: ComposerWeights, baseline = false): Scores {
  const real = new Map<string, TuneFeatures>();
  const made = new Map<string, TuneFeatures>();
  for (const fold of folds) {
    const engine: ComposerEngine = { model: fold.model, weights };
    const key = fold.label;
    countFeatures(fold.tune, (real.get(key) ?? real.set(key, emptyFeatures()).get(key))!);
    const into = (made.get(key) ?? made.set(key, emptyFeatures()).get(key))!;
    for (let seed = 1; seed <= PER_TUNE; seed++) {
      const options = { form: fold.form, seed, ...(fold.meter ? { meter: fold.meter } : {}) };
      const composition = composeTune(options, engine);
      countFeatures(
        toTune(baseline ? markovBaseline(composition, seed, engine) : composition),
        into,
      );
    }
  }
  const scores: Scores = {};
  for (const form of forms) {
    scores[form] = Object.fromEntries(
      FEATURE_NAMES.map((name) => [name, jsDistance(made.get(form)![name], real.get(form)![name])]),
    );
  }
  return scores;
}

const mean = (scores: Scores) => {
  const all = Object.values(scores).flatMap((s) => Object.values(s));
  return all.reduce((s, v) => s + v, 0) / all.length;
};

function show(label: string, scores: Scores) {
  console.log(`${label}: mean ${mean(scores).toFixed(4)}`);
  for (const form of forms) {
    console.log(
      `  ${form.padEnd(10)} ` +
        FEATURE_NAMES.map((n) => `${n} ${scores[form]![n]!.toFixed(3)}`).join('  '),
    );
  }
}

show('held-out, markov baseline', evaluate(COMPOSER_WEIGHTS, true));
show('held-out, shipped weights', evaluate(COMPOSER_WEIGHTS));

if (!process.argv.includes('--check')) {
  const grid: Record<keyof ComposerWeights, number[]> = {
    order2: [0.5, 1, 2, 4, 8, 16],
    order1: [1, 2, 4, 8, 16, 32],
    chord: [1, 1.2, 1.5, 2],
    range: [8, 16, 40, 100, Infinity],
    leap: [0.2, 0.5, 1],
    approach: [1, 2, 3, 5],
    rhythm: [1, 2, 4, 8, 16],
    ends: [1, 2, 4, 8, 16],
    graces: [1, 2, 4, 8, 16, 32],
    perTune: [0, 0.25, 0.5, 1, 2, 4, 8],
  };
  let best = { ...COMPOSER_WEIGHTS };
  let bestScore = mean(evaluate(best));
  for (let pass = 0; pass < 2; pass++) {
    for (const key of Object.keys(grid) as (keyof ComposerWeights)[]) {
      for (const value of grid[key]) {
        const trial = { ...best, [key]: value };
        const score = mean(evaluate(trial));
        if (score < bestScore - 1e-6) {
          best = trial;
          bestScore = score;
        }
      }
      console.log(`pass ${pass + 1}, ${key}: ${JSON.stringify(best)} → ${bestScore.toFixed(4)}`);
    }
  }
  show('held-out, best weights', evaluate(best));
  console.log(JSON.stringify(best));
}
