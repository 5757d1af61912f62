/**
 * The animated note strip (spec §2.3 Home 'animated note strip', /animated-notes): which notes
 * travel past the marker, where each one is at a given moment, and where it sits on the staff.
 * Pure numbers (DESIGN habit 3): the engine passes the audio clock's position in.
 */
import { pitches, scaleIndex, type Pitch } from './notes.ts';
import { SONG_SEQUENCE } from './flashCardRules.ts';

/** .STRIP-05: up the nine notes, then back down (High A is not repeated), looping. */
export const UP_AND_DOWN: readonly Pitch[] = [...pitches, ...pitches.slice(0, -1).reverse()];

/** The flash cards' song (R-4.FLASH-12) as pitches, for /animate-song. */
export const SONG_STRIP: readonly Pitch[] = SONG_SEQUENCE.map((i) => pitches[i]!);

/** The note at (whole) position k of a looping sequence. */
export const stripNoteAt = (sequence: readonly Pitch[], k: number): Pitch =>
  sequence[((k % sequence.length) + sequence.length) % sequence.length]!;

/**
 * Staff step of a note above the bottom line (E4 = 0): Low G (g/4) sits on the second line
 * (step 2) … High A (a/5) above the top line (step 10), spec §3 'Staff positions'.
 */
export const staffStep = (pitch: Pitch): number => scaleIndex(pitch) + 2;

export interface VisibleNote {
  /** Position in the looping sequence: it reaches the marker when the strip is at k. */
  readonly k: number;
  readonly pitch: Pitch;
  /** Distance from the marker in note spacings: 0 at the marker, positive still to come. */
  readonly offset: number;
}

/**
 * The notes on screen when the strip is at `position` (fractional, in notes): those from
 * `behind` spacings past the marker to `ahead` spacings still to come.
 */
export function visibleNotes(
  sequence: readonly Pitch[],
  position: number,
  behind: number,
  ahead: number,
): VisibleNote[] {
  const notes: VisibleNote[] = [];
  for (let k = Math.ceil(position - behind); k <= Math.floor(position + ahead); k++) {
    if (k < 0) continue;
    notes.push({ k, pitch: stripNoteAt(sequence, k), offset: k - position });
  }
  return notes;
}

/** Reduced motion: the strip steps instead of sliding, so it sits on the latest note passed. */
export const steppedPosition = (position: number): number => Math.max(0, Math.floor(position));
