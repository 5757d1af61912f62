/**
 * The fingering of each chanter note (spec §3 'Fingering state', R-3.FINGER-01..03): eight
 * holes, the thumb (back) hole first, then the top hand's index, middle and ring, then the
 * bottom hand's index, middle, ring and little finger. `true` means the hole is covered.
 *
 * Standard Highland (semi-closed) fingering as taught in the College of Piping Tutor, Book 1,
 * and e.g. https://goreading.org/articles_zn7pfa.html ('Notes & Scales for the Highland
 * Bagpipes'): C and D keep the bottom little finger down; E, F and High G lift it and put the
 * bottom hand's other fingers back; High A opens the thumb and puts the top ring finger back.
 */
import type { Pitch } from './notes.ts';

/** Eight holes, thumb first (R-3.FINGER-02). */
export type Holes = readonly [
  boolean,
  boolean,
  boolean,
  boolean,
  boolean,
  boolean,
  boolean,
  boolean,
];

export interface FingeringState {
  readonly holes: Holes;
}

/** Names of the eight holes in `Holes` order, for accessible descriptions. */
export const holeNames: readonly string[] = [
  'thumb',
  'top index',
  'top middle',
  'top ring',
  'bottom index',
  'bottom middle',
  'bottom ring',
  'bottom little',
];

const X = true; // covered
const O = false; // open

const table: Readonly<Record<Pitch, Holes>> = {
  LG: [X, X, X, X, X, X, X, X],
  LA: [X, X, X, X, X, X, X, O],
  B: [X, X, X, X, X, X, O, X],
  C: [X, X, X, X, X, O, O, X],
  D: [X, X, X, X, O, O, O, X],
  E: [X, X, X, O, X, X, X, O],
  F: [X, X, O, O, X, X, X, O],
  HG: [X, O, O, O, X, X, X, O],
  HA: [O, O, O, X, X, X, X, O],
};

/** The standard fingering of one note. */
export function fingeringOf(pitch: Pitch): FingeringState {
  return { holes: table[pitch] };
}

/**
 * The fingering shown for a melody note played with a grace note (R-3.FINGER-03): a grace note
 * is a full, very short note, so while it sounds the chanter is fingered as that note. The
 * trainer alternates the two states (R-4.GRACE-05); with no grace note it is the melody's.
 */
export function fingeringFor(melody: Pitch, grace?: Pitch | null): FingeringState {
  return fingeringOf(grace ?? melody);
}

/** Which holes differ between two states: the fingers that move for a grace note. */
export function movedHoles(a: FingeringState, b: FingeringState): number[] {
  return a.holes.flatMap((covered, i) => (covered === b.holes[i] ? [] : [i]));
}
