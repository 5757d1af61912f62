/**
 * The two baselines bench:composer (and the leave-one-out tuning) compares the composer with
 * (issue 19, 'Evaluated honestly'), on the composition's own plan and length:
 *   random: uniformly random notes in a valid rhythm (any split of each beat);
 *   markov: notes from a first-order Markov chain over the same training tunes, beats from the
 *           same tunes' rhythm cells (barRhythm.ts beatCells);
 * both with legal embellishments at the composer's rate, chosen uniformly.
 */
import { specOf, type FormSpec } from '../src/music/composer/composerForms.ts';
import { beatCells } from '../src/music/composer/barRhythm.ts';
import type { AirMeter } from '../src/music/composer/composerForms.ts';
import type { ComposerEngine } from '../src/music/composer/composerEngine.ts';
import {
  notesOfComposition,
  type ComposedNote,
  type Composition,
} from '../src/music/composer/composition.ts';
import { legalEmbellishments } from '../src/music/composer/embellishmentRules.ts';
import { pitches, type Pitch } from '../src/music/notes.ts';
import { seededRandom, type Random } from '../src/music/random.ts';

function legalAt(prev: Pitch | null, pitch: Pitch, random: Random, rate: number): string | null {
  if (prev !== pitch && random() >= rate) return null;
  const choices = legalEmbellishments(prev, pitch);
  return choices[Math.floor(random() * choices.length)]!.code;
}

/** Picks one beat's cell in the composition's form and time signature. */
type CellPicker = (
  spec: FormSpec,
  meter: AirMeter | undefined,
  random: Random,
) => readonly number[];

/** Random notes in a valid rhythm: any split of the beat into notes the writers have. */
const anyCell: CellPicker = (spec, _meter, random) => {
  const beat = spec.beatTicks;
  const splits =
    beat === 6
      ? [[6], [4, 2], [2, 2, 2], [3, 1, 2], [2, 4], [1, 1, 2, 2]]
      : [[4], [2, 2], [3, 1], [1, 3], [1, 1, 1, 1], [2, 1, 1]];
  return splits[Math.floor(random() * splits.length)]!;
};

/** The cells the training tunes of the form's time signature use, as often as they use them. */
const learnedCell =
  (engine: ComposerEngine): CellPicker =>
  (spec, meter, random) => {
    const cells = beatCells(spec.form, engine, meter);
    let r = random() * cells.reduce((s, c) => s + c.weight, 0);
    for (const cell of cells) {
      r -= cell.weight;
      if (r < 0) return cell.ticks;
    }
    return cells.at(-1)!.ticks;
  };

/** A baseline tune: the composition's plan and length, with other rhythms and notes. */
function rebuild(
  composition: Composition,
  cell: CellPicker,
  next: (prev: Pitch | null, random: Random) => Pitch,
  seed: number,
): Composition {
  const random = seededRandom(seed);
  const all = notesOfComposition(composition);
  const rate = all.filter((n) => n.note.embellishment).length / Math.max(1, all.length);
  // The composition's own time signature (a slow air's varies): the same treatment as the composer.
  const meter = composition.plan.meter;
  const spec = specOf(composition.options.form, meter);
  let prev: Pitch | null = null;
  const parts = composition.parts.map((bars) =>
    bars.map(() => ({
      beats: Array.from({ length: spec.beatsPerBar }, () =>
        cell(spec, meter, random).map((ticks): ComposedNote => {
          const pitch = next(prev, random);
          const embellishment = legalAt(prev, pitch, random, rate);
          prev = pitch;
          return { pitch, ticks, embellishment };
        }),
      ),
    })),
  );
  // The baselines open on the beat, as before the composer wrote pickups (pickupBar.ts): full
  // bars throughout, no pickup.
  const { pickup: _pickup, ...rest } = composition;
  return { ...rest, parts };
}

const uniform = (_prev: Pitch | null, random: Random): Pitch => pitches[Math.floor(random() * 9)]!;

export function randomBaseline(composition: Composition, seed: number): Composition {
  return rebuild(composition, anyCell, uniform, seed);
}

export function markovBaseline(
  composition: Composition,
  seed: number,
  engine: ComposerEngine,
): Composition {
  const { strong, weak } = engine.model.moves;
  const chain = strong.map((row, i) => row.map((v, j) => v + weak[i]![j]! + 0.01));
  const markov = (prev: Pitch | null, random: Random): Pitch => {
    if (prev === null) return 'LA';
    const row = chain[pitches.indexOf(prev)]!;
    let r = random() * row.reduce((s, v) => s + v, 0);
    for (let j = 0; j < 9; j++) {
      r -= row[j]!;
      if (r < 0) return pitches[j]!;
    }
    return 'HA';
  };
  return rebuild(composition, learnedCell(engine), markov, seed);
}
