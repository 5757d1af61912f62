/**
 * A seeded melody generator for the composer test bench (/ai-test). It is not an AI model:
 * it exercises the composition pipeline (seed → notes → bars → display) with a reproducible
 * source, so a seed in a bug report regenerates the same tune.
 */
import { pitches, type Pitch } from './notes.ts';
import { seededRandom, type Random } from './random.ts';

export { seededRandom, type Random } from './random.ts';

/** A random source returning numbers in [0, 1), like Math.random. */

/** The widest jump between neighbouring notes, in scale steps (Low A to E is four). */
export const MAX_LEAP = 4;
export const MAX_BARS = 64;

export interface MelodyOptions {
  seed: number;
  bars: number;
  /** Four crotchets a bar, as in a 4/4 march, unless told otherwise. */
  notesPerBar?: number;
}

/**
 * Chooses the next interval. Stepwise motion dominates because that is what makes a line
 * singable; occasional leaps keep it from sounding like a scale exercise.
 */
function nextInterval(random: Random): number {
  const r = random();
  const direction = random() < 0.5 ? -1 : 1;
  if (r < 0.6) return direction; // step
  if (r < 0.7) return 0; // repeated note
  if (r < 0.9) return 2 * direction; // a third
  return (random() < 0.5 ? 3 : MAX_LEAP) * direction; // a fourth or fifth
}

/** N bars of notes from the nine-note chanter scale, the same for the same seed. */
export function generateMelody({ seed, bars, notesPerBar = 4 }: MelodyOptions): Pitch[][] {
  if (!Number.isInteger(bars) || bars < 1 || bars > MAX_BARS) {
    throw new RangeError(`bars must be a whole number from 1 to ${MAX_BARS}`);
  }
  if (!Number.isInteger(notesPerBar) || notesPerBar < 1) {
    throw new RangeError('notesPerBar must be a whole number of at least 1');
  }
  const random = seededRandom(seed);
  const top = pitches.length - 1;
  // Start between Low A and E: the middle of the chanter, where most pipe tunes begin.
  let degree = 1 + Math.floor(random() * 5);
  const melody: Pitch[][] = [];
  for (let b = 0; b < bars; b++) {
    const bar: Pitch[] = [];
    for (let n = 0; n < notesPerBar; n++) {
      if (b > 0 || n > 0) {
        let next = degree + nextInterval(random);
        // Reflect off the ends of the scale instead of clamping, so High A and Low G do not
        // collect repeated notes.
        if (next < 0 || next > top) next = degree - (next - degree);
        degree = next;
      }
      bar.push(pitches[degree]!);
    }
    melody.push(bar);
  }
  return melody;
}
