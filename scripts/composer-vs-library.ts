/**
 * `node --import tsx scripts/composer-vs-library.ts [FORM] [--show rhythm|pitch|interval|…]` —
 * how far the composer's tunes of each form are from the library tunes it learned them from
 * (issue 19; ADR 032, seventh session): composed with the shipped model, compared in-sample with
 * the library's tunes of the form (bench/composerStats.ts distributions, Jensen–Shannon), beside
 * the random and Markov baselines. It reads only the built-in library, never the shared corpus,
 * so it can say whether a distance the bench reports comes from the composer departing from its
 * library or from the library differing from the corpus. `--show` prints one distribution's
 * shares side by side (library, composer, random, Markov).
 *
 * Not a held-out check (that is `npm run tune:composer -- --check`): a change judged only here
 * rewards copying the library.
 */
import { markovBaseline, randomBaseline } from '../bench/composerBaselines.ts';
import {
  FEATURE_NAMES,
  countFeatures,
  emptyFeatures,
  jsDistance,
  type Histogram,
  type TuneFeatures,
} from '../bench/composerStats.ts';
import { defaultEngine } from '../src/music/composer/composerEngine.ts';
import type { AirMeter, ComposerForm } from '../src/music/composer/composerForms.ts';
import { composeTune } from '../src/music/composer/composeTune.ts';
import { signatureOf } from '../src/music/composer/learnFormStats.ts';
import { toTune } from '../src/music/composer/toTune.ts';
import { tuneText, type Tune } from '../src/music/tune/tune.ts';
import { trainingTunes } from './train-composer.ts';

const PER_FORM = Number(process.env.PER_FORM ?? 40);

/** The library tune's form as the composer names it ('air 6/8' for airs), else null. */
function labelOf(tune: Tune): string | null {
  const type = tuneText(tune, 'type').toLowerCase();
  const time = tune.parts.flatMap((p) => p.lines).find((l) => l.time)?.time;
  const sig = time ? signatureOf(time) : '';
  if (type === 'march') return `${sig} march`;
  if (type === 'slow air') return `air ${sig}`;
  return type === 'jig' || type === 'reel' ? type : null;
}

const formOf = (label: string): { form: ComposerForm; meter?: AirMeter } =>
  label.startsWith('air ')
    ? { form: 'slow air', meter: label.slice(4) as AirMeter }
    : { form: label as ComposerForm };

const args = process.argv.slice(2);
const showAt = args.indexOf('--show');
const show = showAt >= 0 ? (args[showAt + 1] as (typeof FEATURE_NAMES)[number]) : null;
const only = args.find((a, i) => !a.startsWith('--') && i !== showAt + 1) ?? null;

const byLabel = new Map<string, Tune[]>();
for (const tune of trainingTunes()) {
  const label = labelOf(tune);
  if (label) byLabel.set(label, [...(byLabel.get(label) ?? []), tune]);
}

const share = (h: Histogram, key: string) =>
  (h.get(key) ?? 0) /
  Math.max(
    1,
    [...h.values()].reduce((s, v) => s + v, 0),
  );

for (const [label, tunes] of byLabel) {
  if (only && label !== only) continue;
  const { form, meter } = formOf(label);
  const library = emptyFeatures();
  for (const tune of tunes) countFeatures(tune, library);
  const made: Record<'composer' | 'random' | 'markov', TuneFeatures> = {
    composer: emptyFeatures(),
    random: emptyFeatures(),
    markov: emptyFeatures(),
  };
  for (let seed = 1; seed <= PER_FORM; seed++) {
    const composition = composeTune({ form, seed, ...(meter ? { meter } : {}) });
    countFeatures(toTune(composition), made.composer);
    countFeatures(toTune(randomBaseline(composition, seed)), made.random);
    countFeatures(toTune(markovBaseline(composition, seed, defaultEngine)), made.markov);
  }
  console.log(`${label} (${tunes.length} library tunes), composer / random / Markov:`);
  for (const name of FEATURE_NAMES) {
    const d = (['composer', 'random', 'markov'] as const).map((k) =>
      jsDistance(made[k][name], library[name]).toFixed(3),
    );
    console.log(`  ${name.padEnd(12)} ${d.join(' / ')}`);
  }
  if (show) {
    const keys = [...new Set([...library[show].keys(), ...made.composer[show].keys()])].sort();
    console.log(`  ${show}: key, library, composer, random, Markov`);
    for (const key of keys) {
      const row = [library, made.composer, made.random, made.markov].map((f) =>
        share(f[show], key).toFixed(3),
      );
      console.log(`    ${key.padEnd(10)} ${row.join(' ')}`);
    }
  }
}
