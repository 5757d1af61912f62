/**
 * The grace-note trainer's selection rules (spec §4 'Grace notes', R-4.GRACE-01..04): a grace
 * note must be strictly lower than the melody note in scale order; a button that would break
 * that is disabled; choosing the selected note again clears it. Pure, so tested with values.
 */
import { scaleIndex, type Pitch } from './notes.ts';

export interface GraceSelection {
  readonly grace: Pitch | null;
  readonly melody: Pitch | null;
}

export const emptySelection: GraceSelection = { grace: null, melody: null };

/** Whether `grace` may be chosen with the current melody note (R-4.GRACE-02). */
export function graceAllowed(grace: Pitch, melody: Pitch | null): boolean {
  return melody === null || scaleIndex(grace) < scaleIndex(melody);
}

/** Whether `melody` may be chosen with the current grace note (R-4.GRACE-03). */
export function melodyAllowed(melody: Pitch, grace: Pitch | null): boolean {
  return grace === null || scaleIndex(melody) > scaleIndex(grace);
}

/** Chooses a grace note; the selected one clears (R-4.GRACE-01); a disallowed one is ignored. */
export function selectGrace(s: GraceSelection, grace: Pitch): GraceSelection {
  if (s.grace === grace) return { ...s, grace: null };
  return graceAllowed(grace, s.melody) ? { ...s, grace } : s;
}

/** Chooses a melody note; the selected one clears (R-4.GRACE-01); a disallowed one is ignored. */
export function selectMelody(s: GraceSelection, melody: Pitch): GraceSelection {
  if (s.melody === melody) return { ...s, melody: null };
  return melodyAllowed(melody, s.grace) ? { ...s, melody } : s;
}
