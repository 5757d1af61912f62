/**
 * The nine notes of the Highland practice chanter (spec §3 'Notes and standard frequencies').
 * One `Pitch` vocabulary for the chanter everywhere (DESIGN habit 4); pure, no DOM.
 */

/** Kept here too: most of the app imports `Hz` beside `Pitch` (the unit is in units.ts). */
export type { Hz } from './units.ts';
import type { Hz } from './units.ts';

/** The chanter's notes, Low G to High A. */
export type Pitch = 'LG' | 'LA' | 'B' | 'C' | 'D' | 'E' | 'F' | 'HG' | 'HA';

export interface Note {
  readonly pitch: Pitch;
  /** Name shown to pipers, e.g. 'Low G'. */
  readonly name: string;
  /** Standard chanter frequency (spec §3); a user's own chanter may differ (chanter sync). */
  readonly frequency: Hz;
  /** Treble-staff position in VexFlow key form, e.g. 'g/4' (spec §3 'Staff positions'). */
  readonly staff: string;
}

/** All nine notes in ascending scale order (R-3.NOTES-01). */
export const notes: readonly Note[] = [
  { pitch: 'LG', name: 'Low G', frequency: 426, staff: 'g/4' },
  { pitch: 'LA', name: 'Low A', frequency: 480, staff: 'a/4' },
  { pitch: 'B', name: 'B', frequency: 540, staff: 'b/4' },
  { pitch: 'C', name: 'C', frequency: 600, staff: 'c/5' },
  { pitch: 'D', name: 'D', frequency: 640, staff: 'd/5' },
  { pitch: 'E', name: 'E', frequency: 720, staff: 'e/5' },
  { pitch: 'F', name: 'F', frequency: 800, staff: 'f/5' },
  { pitch: 'HG', name: 'High G', frequency: 840, staff: 'g/5' },
  { pitch: 'HA', name: 'High A', frequency: 960, staff: 'a/5' },
];

/** Pitches in ascending scale order; index = scale degree from Low G. */
export const pitches: readonly Pitch[] = notes.map((n) => n.pitch);

const byPitch = new Map<Pitch, Note>(notes.map((n) => [n.pitch, n]));

export function noteOf(pitch: Pitch): Note {
  const note = byPitch.get(pitch);
  // Unreachable for a well-typed Pitch; guards values that came from storage or the network.
  if (!note) throw new Error(`Unknown chanter pitch: ${String(pitch)}`);
  return note;
}

/** Scale degree, 0 (Low G) to 8 (High A): 'lower than' in the spec means a smaller degree. */
export function scaleIndex(pitch: Pitch): number {
  return pitches.indexOf(noteOf(pitch).pitch);
}

export function isPitch(value: unknown): value is Pitch {
  return typeof value === 'string' && byPitch.has(value as Pitch);
}
