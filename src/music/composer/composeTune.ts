/**
 * The composer (issue 19 item 1): options and a seed in, a complete tune out — the same tune for
 * the same seed, on every engine (the random streams are seeded mulberry32, src/music/random.ts).
 * Each bar draws from its own stream (seed, part, bar, variant), so regenerating one bar
 * (regenerate.ts) changes that bar alone. Pure: runs in a Web Worker and in Node.
 */
import type { Pitch } from '../notes.ts';
import { seededRandom, type Random } from '../random.ts';
import { barRhythm } from './barRhythm.ts';
import { barMelody } from './barMelody.ts';
import { chooseEmbellishment } from './embellishBar.ts';
import { isLegalEmbellishment } from './embellishmentRules.ts';
import { barTicks, specOf } from './composerForms.ts';
import { pickupOnBeat, shortenedBeats } from './pickupBar.ts';
import {
  composerModel,
  defaultEngine,
  melodyGroups,
  runSet,
  type ComposerEngine,
} from './composerEngine.ts';
import { barKey, runHash } from './libraryRuns.ts';
import { stepKey } from './stepCalibration.ts';
import { partsAndBars, planTune } from './planTune.ts';
import {
  COMPOSER_LIMITS,
  notesOfBar,
  type ComposedBar,
  type ComposedNote,
  type ComposeOptions,
  type ComposePlan,
  type Composition,
} from './composition.ts';

export { composerModel };

/** A stream for one purpose of one bar: FNV-1a over the numbers, then mulberry32. */
export function streamFor(...keys: number[]): Random {
  let hash = 0x811c9dc5;
  for (const key of keys) {
    hash ^= key >>> 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
    hash ^= (key / 4294967296) >>> 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return seededRandom(hash);
}

export function densityOf(options: ComposeOptions): number {
  const density = options.density ?? 0.5;
  return Math.min(1, Math.max(0, Number.isFinite(density) ? density : 0.5));
}

/**
 * Writes one bar from its plan, after `prev` (the melody note before it) and `before` (the note
 * before that, for the second-order melody; null when unknown).
 */
export function composeBar(
  options: ComposeOptions,
  plan: ComposePlan,
  part: number,
  bar: number,
  prev: Pitch | null,
  variant: number,
  given?: readonly Pitch[],
  before: Pitch | null = null,
  engine: ComposerEngine = defaultEngine,
  next: Pitch | null = null,
): ComposedBar {
  const barPlan = plan.parts[part]!.bars[bar]!;
  const random = streamFor(options.seed, part, bar, variant);
  const spec = specOf(options.form, plan.meter);
  const beatTicks = spec.beatTicks;
  const drawn = barRhythm(options.form, barPlan.role, random, engine, plan.meter);
  // The tune's last bar is short by its pickup (pickupBar.ts), so the tune adds up to whole bars.
  const lastOfTune = part === plan.parts.length - 1 && bar === plan.parts[part]!.bars.length - 1;
  const beats =
    plan.pickup && lastOfTune
      ? (shortenedBeats(drawn, beatTicks, barTicks(spec) - sum(plan.pickup)) ?? drawn)
      : drawn;
  const groups = melodyGroups(engine, options.form, plan.meter);
  const steps = engine.model.steps?.[stepKey(options.form, plan.meter)];
  const melody = barMelody(
    beats,
    beatTicks,
    {
      model: engine.model,
      groups,
      weights: engine.weights,
      plan: barPlan,
      centre: plan.parts[part]!.centre,
      prev,
      before,
      next,
      ...(given ? { given } : {}),
      ...(steps ? { steps } : {}),
    },
    random,
  );
  const density = densityOf(options);
  let last = prev;
  let index = 0;
  let at = 0;
  const out: ComposedNote[][] = beats.map((beat) =>
    beat.map((ticks) => {
      const pitch = melody[index]!;
      const embellishment = chooseEmbellishment(
        last,
        pitch,
        { strong: at % beatTicks === 0, ticks, first: index === 0 },
        graceChoice(engine, density, groups),
        random,
      );
      index += 1;
      at += ticks;
      last = pitch;
      return { pitch, ticks, embellishment };
    }),
  );
  return { beats: out };
}

const sum = (ticks: readonly number[]) => ticks.reduce((s, t) => s + t, 0);

/** What chooseEmbellishment weighs: the model, the density, and the weights of its back-off. */
function graceChoice(
  engine: ComposerEngine,
  density: number,
  groups: ReturnType<typeof melodyGroups>,
): Parameters<typeof chooseEmbellishment>[3] {
  return {
    model: engine.model,
    density,
    groups,
    backoff: engine.weights.graces,
    perTune: engine.weights.gracePerTune,
  };
}

/**
 * The pickup's notes (pickupBar.ts), led into `first` (the first bar's first note) as the chain
 * would lead into it (bridgeTo.ts), with the embellishments the form writes on such notes.
 */
export function composePickup(
  options: ComposeOptions,
  plan: ComposePlan,
  first: ComposedBar,
  variant: number,
  engine: ComposerEngine = defaultEngine,
): ComposedBar | undefined {
  if (!plan.pickup) return undefined;
  const spec = specOf(options.form, plan.meter);
  const random = streamFor(options.seed, 0x9c4a, variant);
  const groups = melodyGroups(engine, options.form, plan.meter);
  const steps = engine.model.steps?.[stepKey(options.form, plan.meter)];
  const opening = plan.parts[0]!.bars[0]!;
  const melody = barMelody(
    [plan.pickup],
    spec.beatTicks,
    {
      model: engine.model,
      groups,
      weights: engine.weights,
      plan: { role: 'open', chord: opening.chord, target: null, copyOf: null },
      centre: plan.parts[0]!.centre,
      prev: null,
      next: notesOfBar(first)[0]?.pitch ?? null,
      offset: barTicks(spec) - sum(plan.pickup),
      ...(steps ? { steps } : {}),
    },
    random,
  );
  const density = densityOf(options);
  let last: Pitch | null = null;
  let at = 0;
  const notes = plan.pickup.map((ticks, index): ComposedNote => {
    const pitch = melody[index]!;
    const strong = pickupOnBeat(plan.pickup!, at, spec.beatTicks, barTicks(spec));
    const embellishment = chooseEmbellishment(
      last,
      pitch,
      { strong, ticks, first: index === 0 },
      graceChoice(engine, density, groups),
      random,
    );
    at += ticks;
    last = pitch;
    return { pitch, ticks, embellishment };
  });
  return { beats: [notes] };
}

/** Whether `bar` after `previous` repeats a two-bar run of a library tune (libraryRuns.ts). */
export function echoesLibrary(
  previous: ComposedBar | undefined,
  bar: ComposedBar,
  engine: ComposerEngine = defaultEngine,
): boolean {
  if (!previous) return false;
  return runSet(engine.model).has(runHash(barKey(notesOfBar(previous)), barKey(notesOfBar(bar))));
}

/** Tries for a bar that repeats no library run before keeping the last one. */
const ORIGINAL_TRIES = 12;

/** The melody note a bar ends on. */
export function lastPitch(bar: ComposedBar | undefined): Pitch | null {
  return bar ? (notesOfBar(bar).at(-1)?.pitch ?? null) : null;
}

/** The melody note before a bar's last one (the first when the bar has one note: see callers). */
export function pitchBeforeLast(bar: ComposedBar | undefined): Pitch | null {
  return bar ? (notesOfBar(bar).at(-2)?.pitch ?? null) : null;
}

/** Re-chooses the first note's embellishment when what precedes it changed and made it illegal. */
export function fitAfter(
  bar: ComposedBar,
  prev: Pitch | null,
  options: ComposeOptions,
  key: readonly number[],
  engine: ComposerEngine = defaultEngine,
): ComposedBar {
  const [first, ...rest] = bar.beats[0]!;
  if (!first) return bar;
  const legal =
    first.embellishment === null
      ? prev !== first.pitch
      : isLegalEmbellishment(first.embellishment, prev, first.pitch);
  if (legal) return bar;
  const embellishment = chooseEmbellishment(
    prev,
    first.pitch,
    { strong: true, ticks: first.ticks, first: true },
    {
      model: engine.model,
      density: Math.max(0.5, densityOf(options)),
      groups: melodyGroups(engine, options.form),
      backoff: engine.weights.graces,
      perTune: engine.weights.gracePerTune,
    },
    streamFor(options.seed, ...key, 7919),
  );
  return { beats: [[{ ...first, embellishment }, ...rest], ...bar.beats.slice(1)] };
}

/** `engine` is the shipped model and weights unless given (leave-one-out tuning passes others). */
export function composeTune(
  options: ComposeOptions,
  engine: ComposerEngine = defaultEngine,
): Composition {
  const plan = planTune(options, streamFor(options.seed, 0xf0f0), engine);
  const { parts, bars } = partsAndBars(options);
  const motif = (options.motif ?? []).slice(0, COMPOSER_LIMITS.motifMax);
  const written: ComposedBar[][] = [];
  const allVariants: number[][] = [];
  let prev: Pitch | null = null;
  let before: Pitch | null = null;
  let motifLeft = motif;
  let pickup: ComposedBar | undefined;
  for (let part = 0; part < parts; part++) {
    const partBars: ComposedBar[] = [];
    const variants: number[] = [];
    for (let bar = 0; bar < bars; bar++) {
      const copy = plan.parts[part]!.bars[bar]!.copyOf;
      const source = copy
        ? copy.part === part
          ? partBars[copy.bar]
          : written[copy.part]?.[copy.bar]
        : undefined;
      let next: ComposedBar;
      let variant = 0;
      // A restated bar that follows is known already: this bar leads into its first note.
      const after = plan.parts[part]!.bars[bar + 1]?.copyOf;
      const ahead = after
        ? after.part === part
          ? partBars[after.bar]
          : written[after.part]?.[after.bar]
        : undefined;
      const nextNote = ahead ? (notesOfBar(ahead)[0]?.pitch ?? null) : null;
      const previous = bar > 0 ? partBars[bar - 1] : written[part - 1]?.at(-1);
      if (source && motifLeft.length === 0) {
        next = fitAfter(source, prev, options, [part, bar], engine);
      } else {
        next = composeBar(options, plan, part, bar, prev, 0, motifLeft, before, engine, nextNote);
        // Originality: write the bar again if it and the bar before repeat a library run.
        while (echoesLibrary(previous, next, engine) && variant < ORIGINAL_TRIES) {
          variant += 1;
          next = composeBar(
            options,
            plan,
            part,
            bar,
            prev,
            variant,
            motifLeft,
            before,
            engine,
            nextNote,
          );
        }
        motifLeft = motifLeft.slice(notesOfBar(next).length);
      }
      if (part === 0 && bar === 0 && plan.pickup) {
        // The pickup leads into the first bar (its own stream; written again, like a bar, if it
        // and the first bar repeat a library run), and the first bar's grace is fitted to it.
        let pickupVariant = 0;
        pickup = composePickup(options, plan, next, 0, engine);
        while (echoesLibrary(pickup, next, engine) && pickupVariant < ORIGINAL_TRIES) {
          pickupVariant += 1;
          pickup = composePickup(options, plan, next, pickupVariant, engine);
        }
        next = fitAfter(next, lastPitch(pickup), options, [part, bar], engine);
      }
      variants.push(variant);
      partBars.push(next);
      before = notesOfBar(next).length > 1 ? pitchBeforeLast(next) : prev;
      prev = lastPitch(next);
    }
    written.push(partBars);
    allVariants.push(variants);
  }
  return {
    options,
    plan,
    parts: written,
    ...(pickup ? { pickup } : {}),
    variants: allVariants,
  };
}
