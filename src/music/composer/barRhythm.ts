/**
 * A bar's rhythm: one cell per beat from the form's cells, weighted (composerForms.ts), with the
 * phrase's last beat a cadence cell and the part's last beat a final one. In 3/4 and 4/4 a
 * cadence may hold a minim over its last two beats, as slow airs and retreats do.
 */
import type { Random } from '../random.ts';
import { barTicks, FORM_SPECS, type Cell, type ComposerForm } from './composerForms.ts';
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
          : spec.cells;
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
