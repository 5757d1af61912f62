/**
 * The grace-note trainer's selection rules. Two modes (issue 22 item 1):
 *  - 'Strikes' (the default) is spec §4 'Grace notes' exactly (R-4.GRACE-01..04): a grace note
 *    must be strictly lower than the melody note, and Play sounds melody, grace, melody — a
 *    strike, a lower grace between two melody notes of the same pitch.
 *  - 'Gracenotes' is the single gracenote a learner practises in week one (G, D, E…): the
 *    grace is strictly *higher* than the melody note and sounds just before it.
 * In both, a button that would break the mode's rule is disabled and choosing the selected
 * note again clears it. Pure, so tested with values.
 */
import { scaleIndex, type Pitch } from './notes.ts';

export type GraceMode = 'Strikes' | 'Gracenotes';
export const graceModes: readonly GraceMode[] = ['Strikes', 'Gracenotes'];
/** The spec's behaviour stays the default (issue 22 item 1). */
export const DEFAULT_GRACE_MODE: GraceMode = 'Strikes';

/** One line per mode, shown beside its choice so a learner knows what each practises. */
export const graceModeExplanations: Readonly<Record<GraceMode, string>> = {
  Strikes: 'A lower grace note between two melody notes of the same pitch: melody, grace, melody.',
  Gracenotes: 'A grace note above the melody note, played just before it: grace, then melody.',
};

export interface GraceSelection {
  readonly grace: Pitch | null;
  readonly melody: Pitch | null;
}

export const emptySelection: GraceSelection = { grace: null, melody: null };

/** Whether a grace note and a melody note may sound together in the mode. */
function fits(grace: Pitch, melody: Pitch, mode: GraceMode): boolean {
  return mode === 'Strikes'
    ? scaleIndex(grace) < scaleIndex(melody)
    : scaleIndex(grace) > scaleIndex(melody);
}

/** Whether `grace` may be chosen with the current melody note (R-4.GRACE-02 in 'Strikes'). */
export function graceAllowed(
  grace: Pitch,
  melody: Pitch | null,
  mode: GraceMode = DEFAULT_GRACE_MODE,
): boolean {
  return melody === null || fits(grace, melody, mode);
}

/** Whether `melody` may be chosen with the current grace note (R-4.GRACE-03 in 'Strikes'). */
export function melodyAllowed(
  melody: Pitch,
  grace: Pitch | null,
  mode: GraceMode = DEFAULT_GRACE_MODE,
): boolean {
  return grace === null || fits(grace, melody, mode);
}

/** Chooses a grace note; the selected one clears (R-4.GRACE-01); a disallowed one is ignored. */
export function selectGrace(
  s: GraceSelection,
  grace: Pitch,
  mode: GraceMode = DEFAULT_GRACE_MODE,
): GraceSelection {
  if (s.grace === grace) return { ...s, grace: null };
  return graceAllowed(grace, s.melody, mode) ? { ...s, grace } : s;
}

/** Chooses a melody note; the selected one clears (R-4.GRACE-01); a disallowed one is ignored. */
export function selectMelody(
  s: GraceSelection,
  melody: Pitch,
  mode: GraceMode = DEFAULT_GRACE_MODE,
): GraceSelection {
  if (s.melody === melody) return { ...s, melody: null };
  return melodyAllowed(melody, s.grace, mode) ? { ...s, melody } : s;
}

/**
 * The selection after switching mode: the melody note stays (it is what the learner is
 * working on); a grace note that breaks the new mode's rule is cleared rather than left
 * selected on a disabled button.
 */
export function selectionInMode(s: GraceSelection, mode: GraceMode): GraceSelection {
  if (s.grace === null || s.melody === null || fits(s.grace, s.melody, mode)) return s;
  return { ...s, grace: null };
}
