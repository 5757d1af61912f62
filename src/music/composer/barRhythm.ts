/**
 * A bar's rhythm: one cell per beat from the form's cells, weighted (composerForms.ts), with the
 * phrase's last beat a cadence cell and the part's last beat a final one. In 3/4 and 4/4 a
 * cadence may hold a minim over its last two beats, as slow airs and retreats do.
 */
import type { Random } from '../random.ts';
import {
  barTicks,
  FORM_SPECS,
  type Cell,
  type ComposerForm,
  type FormSpec,
} from './composerForms.ts';
import modelJson from './composerModel.json' with { type: 'json' };

const composerModelCells: Record<string, Record<string, number>> = modelJson.cells;
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

const blended = new Map<ComposerForm, readonly Cell[]>();

/**
 * A form's beat cells: its own (what makes a strathspey a strathspey) and, with equal weight in
 * all, the cells pipers wrote in the project's library in tunes of the same type and time
 * signature (learned), when the library has enough of them (30 beats).
 */
export function beatCells(form: ComposerForm): readonly Cell[] {
  const known = blended.get(form);
  if (known) return known;
  const spec = FORM_SPECS[form];
  const learned = Object.entries(
    composerModelCells[`${spec.label.toLowerCase()} ${signatureOf(spec)}`] ?? {},
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
  blended.set(form, cells);
  return cells;
}

/** Ticks of the bar's notes, grouped by beat. */
export function barRhythm(form: ComposerForm, role: BarRole, random: Random): number[][] {
  const spec = FORM_SPECS[form];
  const beats: number[][] = [];
  for (let beat = 0; beat < spec.beatsPerBar; beat++) {
    const lastBeat = beat === spec.beatsPerBar - 1;
    const cells =
      lastBeat && role === 'final'
        ? spec.finalCells
        : lastBeat && role === 'half'
          ? spec.cadenceCells
          : beatCells(form);
    beats.push([...pick(cells, random)]);
  }
  const cadence = role === 'final' || role === 'half';
  if (cadence && spec.beatsPerBar >= 3 && spec.beatTicks === 4 && random() < 0.5) {
    // A minim over the last two beats: one 'beat group' of 8 ticks.
    beats.splice(-2, 2, [8]);
  }
  const total = beats.flat().reduce((sum, t) => sum + t, 0);
  if (total !== barTicks(spec)) throw new Error(`rhythm of ${total} ticks in a ${form} bar`);
  return beats;
}
