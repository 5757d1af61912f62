/**
 * The shape of a tune before any note (issue 19 item 1: 'phrase structure with repeats and
 * cadences that sound like the form'). Light-music parts are built of four-bar phrases (two-bar
 * ones in short parts): the first phrase ends on a half cadence (E or B — the tune breathes), the
 * last on the home note. Pipers restate: the second phrase usually begins with the first one's
 * opening bars, and later parts often close with the first part's last two bars. Harmony on the
 * chanter is implied by the notes on the beats: the 'double tonic' of A and G chords for tunes
 * on A, D and G/A for tunes on D. Later parts sit higher, as pipers' second parts do.
 */
import { pitches, type Pitch } from '../notes.ts';
import { seededRandom, type Random } from '../random.ts';
import { backoffArray } from './backoff.ts';
import { weighted } from './barMelody.ts';
import { AIR_METERS, FORM_SPECS, type AirMeter } from './composerForms.ts';
import { defaultEngine, melodyGroups, type ComposerEngine } from './composerEngine.ts';
import { pickupRhythm } from './pickupBar.ts';
import {
  COMPOSER_LIMITS as L,
  type BarPlan,
  type Chord,
  type ComposeOptions,
  type ComposePlan,
  type PartPlan,
} from './composition.ts';

const clampInt = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.round(value)));

export function partsAndBars(options: ComposeOptions): { parts: number; bars: number } {
  const spec = FORM_SPECS[options.form];
  return {
    parts: clampInt(options.parts ?? spec.parts, L.minParts, L.maxParts),
    bars: clampInt(options.barsPerPart ?? spec.barsPerPart, L.minBars, L.maxBars),
  };
}

const chordPatterns: Record<'A' | 'D', Chord[][]> = {
  A: [
    ['A', 'G', 'A', 'G'],
    ['A', 'A', 'G', 'G'],
    ['A', 'G', 'A', 'A'],
    ['A', 'A', 'G', 'A'],
  ],
  D: [
    ['D', 'A', 'D', 'A'],
    ['D', 'G', 'D', 'A'],
    ['D', 'D', 'G', 'A'],
  ],
};

/** The idiom's own cadence notes, where the library has too few: E or B; a step above home. */
const IDIOM_ENDS: Readonly<Record<'2' | 'h' | 'f', readonly number[]>> = {
  f: [0, 1, 0, 0, 0, 0, 0, 0, 0],
  h: [0, 0, 1, 0, 0, 1, 0, 0, 0],
  '2': [0, 1, 1, 1, 1, 1, 1, 1, 1].map((v) => v / 8),
};

/** A cadence note drawn from the notes the form's library tunes end that kind of bar on. */
function learnedEnd(
  engine: ComposerEngine,
  options: ComposeOptions,
  kind: '2' | 'h' | 'f',
  random: Random,
  meter?: AirMeter,
): Pitch {
  // A slow air's cadences are learned from airs in its own time signature first.
  const groups = melodyGroups(engine, options.form, meter);
  const prior = IDIOM_ENDS[kind];
  const total = prior.reduce((s, v) => s + v, 0);
  const chances = backoffArray(
    groups.map((g) => g.ends[kind]),
    engine.weights.ends,
    prior.map((v) => v / total),
    { tunes: groups.map((g) => g.tunes), perTune: engine.weights.perTune },
  );
  return pitches[weighted(chances, random)]!;
}

/** Part 1 sits around C–D; later parts a third or so higher, as second parts do. */
export function partCentre(part: number): number {
  return Math.min(6, 3 + (part % 2) * 2 + (part >= 2 ? 0.5 : 0));
}

const G_CHORD: readonly Pitch[] = ['LG', 'B', 'D', 'HG'];

/**
 * A slow air's time signature: the one asked for, else drawn per seed as often as the library's
 * airs are written in it (issue 19 'Evaluated honestly': airs are not only 3/4). Its own stream,
 * so the rest of the plan draws as before.
 */
export function airMeter(options: ComposeOptions, engine: ComposerEngine): AirMeter {
  if (options.meter && AIR_METERS.includes(options.meter)) return options.meter;
  const counts = AIR_METERS.map((m) => engine.model.groups[`slow air ${m}`]?.tunes ?? 0);
  if (counts.every((n) => n === 0)) return '3/4';
  return AIR_METERS[weighted(counts, seededRandom((options.seed ^ 0x3a11a5) >>> 0))]!;
}

export function planTune(
  options: ComposeOptions,
  random: Random,
  engine: ComposerEngine = defaultEngine,
): ComposePlan {
  const { parts, bars } = partsAndBars(options);
  const meter = options.form === 'slow air' ? airMeter(options, engine) : undefined;
  const pickup = pickupRhythm(options, engine, meter);
  const key: 'A' | 'D' = options.form === 'slow air' || random() < 0.8 ? 'A' : 'D';
  const home: Pitch = key === 'A' ? 'LA' : 'D';
  const phrase = bars % 4 === 0 ? 4 : 2;
  const restate = random() < 0.75;
  const sharedEnding = parts > 1 && random() < 0.6;
  const pattern = chordPatterns[key][Math.floor(random() * chordPatterns[key].length)]!;

  const partPlans: PartPlan[] = [];
  for (let part = 0; part < parts; part++) {
    const plans: BarPlan[] = [];
    for (let bar = 0; bar < bars; bar++) {
      const inPhrase = bar % phrase;
      const last = bar === bars - 1;
      const phraseEnd = inPhrase === phrase - 1;
      const role = last ? 'final' : phraseEnd ? 'half' : bar === 0 ? 'open' : 'middle';
      // Cadences (issue 19 item 1): the part ends on the home note; a phrase's last bar, and the
      // second bar of a four-bar phrase, end on notes the form's library tunes end them on
      // (learned; E or B where the library has few), the implied chord following that note.
      // A part's cadence is the home note; before a repeat or the next part pipers often follow
      // it with a lead-in note (learned: the notes the library's parts end on). The tune's very
      // last bar ends on the home note.
      let target: Pitch | null = null;
      let leadIn: Pitch | null = null;
      if (role === 'final') {
        target = home;
        const learned: Pitch =
          part < parts - 1 && key === 'A' ? learnedEnd(engine, options, 'f', random, meter) : home;
        if (learned !== home) leadIn = learned;
      } else if (role === 'half')
        target = key === 'A' ? learnedEnd(engine, options, 'h', random, meter) : 'E';
      else if (phrase === 4 && inPhrase === 1 && key === 'A')
        target = learnedEnd(engine, options, '2', random, meter);
      const chord: Chord = last
        ? key
        : target !== null && key === 'A'
          ? G_CHORD.includes(target)
            ? 'G'
            : 'A'
          : role === 'half'
            ? 'A'
            : pattern[inPhrase % pattern.length]!;
      let copyOf: BarPlan['copyOf'] = null;
      // The second phrase opens like the first (bars 5–6 of 8 repeat 1–2).
      if (restate && bars >= 8 && bar >= phrase && bar < phrase + 2 && phrase === 4) {
        copyOf = { part, bar: bar - phrase };
      }
      // Later parts end as the first did — the tune's last bar only if the first part's last
      // bar has no lead-in; a copied bar keeps its source's plan.
      const source = partPlans[0]?.bars[bar];
      const lastOfTune = last && part === parts - 1;
      if (sharedEnding && part > 0 && bar >= bars - 2 && source) {
        // A tune with a pickup ends on a short bar of its own (pickupBar.ts).
        if (!lastOfTune || (!source.leadIn && !pickup)) {
          copyOf = { part: 0, bar };
          target = source.target;
          leadIn = source.leadIn ?? null;
        }
      }
      plans.push({ role, chord, target, copyOf, ...(leadIn ? { leadIn } : {}) });
    }
    partPlans.push({ bars: plans, centre: partCentre(part) });
  }
  return {
    form: options.form,
    key,
    parts: partPlans,
    ...(meter ? { meter } : {}),
    ...(pickup ? { pickup } : {}),
  };
}
