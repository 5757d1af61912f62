/**
 * A bar's rhythm (issue 19 item 1: 'the form's rhythms'). When the project's library has tunes of
 * the form's type and time signature, each beat position's rhythm is drawn from what those tunes
 * write at that place — by the bar's role (ordinary, a phrase's last bar, a part's last bar),
 * backing off to ordinary bars and then to the form's own cells (composerForms.ts); a learned
 * cell may span beats (a dotted crotchet and a quaver over two). Forms the library lacks use the
 * form's cells, with a phrase's last beat a cadence cell, the part's last a final one, and in
 * 3/4 and 4/4 sometimes a minim over a cadence's last two beats, as slow airs and retreats do,
 * and a form's own cadence bar where it has one (a hornpipe's 'dum-dum-dum').
 */
import type { Random } from '../random.ts';
import { backoffMap } from './backoff.ts';
import {
  barTicks,
  specOf,
  type AirMeter,
  type Cell,
  type ComposerForm,
  type FormSpec,
} from './composerForms.ts';
import { defaultEngine, rhythmGroups, type ComposerEngine } from './composerEngine.ts';
import type { BarRole } from './composition.ts';

function pick(cells: readonly Cell[], random: Random): readonly number[] {
  const total = cells.reduce((sum, cell) => sum + cell.weight, 0);
  let r = random() * total;
  for (const cell of cells) {
    r -= cell.weight;
    if (r < 0) return cell.ticks;
  }
  return cells.at(-1)!.ticks;
}

const signatureOf = (spec: FormSpec): string =>
  spec.time.bww === 'C' ? '4/4' : spec.time.bww === 'C_' ? '2/2' : spec.time.bww.replace('_', '/');

const blended = new WeakMap<ComposerEngine, Map<string, readonly Cell[]>>();

/**
 * A form's beat cells: its own (what makes a strathspey a strathspey) and, with equal weight in
 * all, the cells pipers wrote in the project's library in tunes of the same type and time
 * signature (learned), when the library has enough of them (30 beats). The first-order Markov
 * baseline of bench:composer draws its beats from these.
 */
export function beatCells(
  form: ComposerForm,
  engine: ComposerEngine = defaultEngine,
  meter?: AirMeter,
): readonly Cell[] {
  const cache = blended.get(engine) ?? new Map<string, readonly Cell[]>();
  blended.set(engine, cache);
  const known = cache.get(`${form} ${meter ?? ''}`);
  if (known) return known;
  const spec = specOf(form, meter);
  const learned = Object.entries(
    engine.model.cells[`${spec.label.toLowerCase()} ${signatureOf(spec)}`] ?? {},
  )
    .map(([key, count]) => ({ ticks: key.split(',').map(Number), weight: count }))
    .filter((cell) => cell.ticks.reduce((s, t) => s + t, 0) === spec.beatTicks);
  const learnedTotal = learned.reduce((s, c) => s + c.weight, 0);
  const ownTotal = spec.cells.reduce((s, c) => s + c.weight, 0);
  const cells =
    learnedTotal < 30
      ? spec.cells
      : [
          ...spec.cells.map((c) => ({ ticks: c.ticks, weight: c.weight / ownTotal })),
          ...learned.map((c) => ({ ticks: c.ticks, weight: c.weight / learnedTotal })),
        ];
  cache.set(`${form} ${meter ?? ''}`, cells);
  return cells;
}

/** Learned beats needed before a form's rhythm follows the library place by place. */
const LEARNED_ENOUGH = 30;

const ROLE_KEY: Readonly<Record<BarRole, 'o' | 'h' | 'f'>> = {
  open: 'o',
  middle: 'o',
  half: 'h',
  final: 'f',
};

function asChances(cells: readonly Cell[]): Map<string, number> {
  const total = cells.reduce((s, c) => s + c.weight, 0);
  const out = new Map<string, number>();
  for (const c of cells) {
    const key = c.ticks.join(',');
    out.set(key, (out.get(key) ?? 0) + c.weight / total);
  }
  return out;
}

function learnedBar(
  form: ComposerForm,
  role: BarRole,
  random: Random,
  engine: ComposerEngine,
  meter?: AirMeter,
): number[][] | null {
  const spec = specOf(form, meter);
  const groups = rhythmGroups(engine, form, meter);
  const learned = groups.reduce(
    (sum, g) => sum + Object.values(g.cells['o0'] ?? {}).reduce((s, v) => s + v, 0),
    0,
  );
  if (learned < LEARNED_ENOUGH / spec.beatsPerBar) return null;
  const r = ROLE_KEY[role];
  const beats: number[][] = [];
  let beat = 0;
  while (beat < spec.beatsPerBar) {
    const lastBeat = beat === spec.beatsPerBar - 1;
    const own =
      lastBeat && r === 'f'
        ? spec.finalCells
        : lastBeat && r === 'h'
          ? spec.cadenceCells
          : spec.cells;
    const levels = [
      ...groups.map((g) => g.cells[`${r}${beat}`]),
      ...(r === 'o' ? [] : groups.map((g) => g.cells[`o${beat}`])),
    ];
    const chances = backoffMap(levels, engine.weights.rhythm, asChances(own));
    const left = spec.beatsPerBar - beat;
    const options = [...chances].flatMap(([key, chance]) => {
      const ticks = key.split(',').map(Number);
      const span = ticks.reduce((s, t) => s + t, 0) / spec.beatTicks;
      return Number.isInteger(span) && span >= 1 && span <= left ? [{ ticks, weight: chance }] : [];
    });
    const cell = pick(options, random);
    beats.push([...cell]);
    beat += cell.reduce((s, t) => s + t, 0) / spec.beatTicks;
  }
  return beats;
}

/** Ticks of the bar's notes, grouped by beat (a group may span beats). */
export function barRhythm(
  form: ComposerForm,
  role: BarRole,
  random: Random,
  engine: ComposerEngine = defaultEngine,
  meter?: AirMeter,
): number[][] {
  const spec = specOf(form, meter);
  let beats = learnedBar(form, role, random, engine, meter);
  const cadenceBar = role === 'half' || role === 'final' ? spec.cadenceBar : undefined;
  if (!beats && cadenceBar && random() < cadenceBar.chance) {
    beats = cadenceBar.beats.map((beat) => [...beat]);
  }
  if (!beats) {
    beats = [];
    for (let beat = 0; beat < spec.beatsPerBar; beat++) {
      const lastBeat = beat === spec.beatsPerBar - 1;
      const cells =
        lastBeat && role === 'final'
          ? spec.finalCells
          : lastBeat && role === 'half'
            ? spec.cadenceCells
            : beatCells(form, engine, meter);
      beats.push([...pick(cells, random)]);
    }
    const cadence = role === 'final' || role === 'half';
    if (cadence && spec.beatsPerBar >= 3 && spec.beatTicks === 4 && random() < 0.5) {
      // A minim over the last two beats: one 'beat group' of 8 ticks.
      beats.splice(-2, 2, [8]);
    }
  }
  const total = beats.flat().reduce((sum, t) => sum + t, 0);
  if (total !== barTicks(spec)) throw new Error(`rhythm of ${total} ticks in a ${form} bar`);
  return beats;
}
