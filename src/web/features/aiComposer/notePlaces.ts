/**
 * Where each drawn note sits in the composition: the score numbers notes in page order
 * (`notesOf(toTune(c))`, the `data-note-index` of each drawn note), the composer by part, bar
 * and place in the bar. toTune writes one note per composed note, in order (a pickup's first), so
 * the two line up.
 */
import { notesOfBar, type Composition } from '../../../music/composer/composition.ts';

export interface NotePlace {
  readonly part: number;
  readonly bar: number;
  /** Place in the bar, from 0. */
  readonly index: number;
}

/**
 * Null for a pickup's notes (music/composer/pickupBar.ts): drawn first, before the first bar, but
 * not a bar the editor regenerates or numbers — bar 1 is the first whole bar, as pipers count.
 */
export function notePlaces(
  composition: Pick<Composition, 'parts' | 'pickup'>,
): (NotePlace | null)[] {
  const pickup = composition.pickup ? notesOfBar(composition.pickup).map(() => null) : [];
  return [
    ...pickup,
    ...composition.parts.flatMap((bars, part) =>
      bars.flatMap((bar, b) => notesOfBar(bar).map((_, index) => ({ part, bar: b, index }))),
    ),
  ];
}

/** The score indices of one bar's notes. */
export function scoreIndicesOfBar(
  composition: Pick<Composition, 'parts' | 'pickup'>,
  part: number,
  bar: number,
): number[] {
  return notePlaces(composition).flatMap((place, i) =>
    place?.part === part && place.bar === bar ? [i] : [],
  );
}

/** The bars of the phrase holding `bar` (four-bar phrases, two-bar in short parts; planTune.ts). */
export function phraseOf(barsInPart: number, bar: number): { from: number; to: number } {
  const length = barsInPart % 4 === 0 ? 4 : 2;
  const from = bar - (bar % length);
  return { from, to: Math.min(barsInPart - 1, from + length - 1) };
}
