/**
 * MusicXML pitches and note values → the tune model's (issue 15 item 4). Pure lookups.
 * MusicXML 4.0: https://www.w3.org/2021/06/musicxml40/ (`<pitch>`, `<type>`, `<duration>`).
 */
import type { Pitch } from '../notes.ts';
import type { Duration } from '../tune/tune.ts';

/**
 * Chanter notes by written step and octave on the treble staff, as pipe music is written
 * (Low G on the second line). Alterations are not part of the name: the chanter's C and F
 * are sharp whatever the key signature a score writer chose shows.
 */
const pitchByStep: Readonly<Record<string, Pitch>> = {
  G4: 'LG',
  A4: 'LA',
  B4: 'B',
  C5: 'C',
  D5: 'D',
  E5: 'E',
  F5: 'F',
  G5: 'HG',
  A5: 'HA',
};

/** The chanter note written at this step and octave, or null when it is off the chanter. */
export function chanterPitch(step: string, octave: string): Pitch | null {
  return pitchByStep[`${step.trim().toUpperCase()}${octave.trim()}`] ?? null;
}

const durationByType: Readonly<Record<string, Duration>> = {
  whole: 1,
  half: 2,
  quarter: 4,
  eighth: 8,
  '16th': 16,
  '32nd': 32,
  '64th': 64,
};

/** The model's note value for a MusicXML `<type>`, or null (breve, 128th … are not kept). */
export function durationOfType(type: string): Duration | null {
  return durationByType[type.trim()] ?? null;
}

export interface NoteValue {
  readonly duration: Duration;
  readonly dots: 0 | 1 | 2;
}

/** Written values from the longest down, each plain, dotted and double-dotted. */
const values: readonly NoteValue[] = ([1, 2, 4, 8, 16, 32, 64] as const).flatMap((duration) =>
  ([2, 1, 0] as const).map((dots) => ({ duration, dots })),
);

/** Length of a value in whole notes. */
export function wholes(v: NoteValue): number {
  return (1 / v.duration) * (v.dots === 2 ? 1.75 : v.dots === 1 ? 1.5 : 1);
}

/**
 * Written values that add up to a length in whole notes (a note with no `<type>`, a whole-bar
 * rest): one value when one fits exactly, else the longest that fit, in order. Lengths below
 * a 64th are dropped.
 */
export function valuesOfLength(length: number): NoteValue[] {
  const exact = values.find((v) => Math.abs(wholes(v) - length) < 1e-9);
  if (exact) return [exact];
  const out: NoteValue[] = [];
  let left = length;
  for (const v of values) {
    if (v.dots > 0) continue;
    while (left - wholes(v) > -1e-9 && out.length < 16) {
      out.push(v);
      left -= wholes(v);
    }
  }
  return out;
}
