import { useCallback } from 'react';
import {
  EXERCISE_SECONDS_DEFAULT,
  NOTE_SECONDS_DEFAULT,
  clampExerciseSeconds,
  clampNoteSeconds,
  flashModes,
  type FlashMode,
} from '../../../music/flashCardRules.ts';
import { QUIZ_DISPLAY_DEFAULT, isQuizDisplay, type QuizDisplay } from '../../../music/quizRules.ts';
import { activityKey } from '../../storage/keys.ts';
import type { SettingsStore } from '../../storage/settingsStore.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';

/**
 * Spec §3 'flash card preferences (selectedChanter, noteDuration, exerciseDuration,
 * exerciseMode, showFingering)', plus what the listening quiz's card shows (issue 22 item 4).
 */
export interface FlashPreferences {
  readonly selectedChanter: string | null;
  readonly noteDuration: number;
  readonly exerciseDuration: number;
  readonly exerciseMode: FlashMode;
  readonly showFingering: boolean;
  readonly quizDisplay: QuizDisplay;
}

/**
 * The stored flash card preferences (R-3.STORAGE-19). They live in the flashcard activity
 * record of the key table (`flashcard_preferences`), whose selectedChanter the settings
 * migration already reads (spec §4); anything unusable in it falls back to the defaults.
 */
export function useFlashPreferences(
  store?: SettingsStore,
): [FlashPreferences, (patch: Partial<FlashPreferences>) => void] {
  const [raw, write] = useStoredValue(activityKey('flashcard'), store);
  const r = raw ?? {};
  const prefs: FlashPreferences = {
    selectedChanter: typeof r.selectedChanter === 'string' ? r.selectedChanter : null,
    noteDuration:
      typeof r.noteDuration === 'number' ? clampNoteSeconds(r.noteDuration) : NOTE_SECONDS_DEFAULT,
    exerciseDuration:
      typeof r.exerciseDuration === 'number'
        ? clampExerciseSeconds(r.exerciseDuration)
        : EXERCISE_SECONDS_DEFAULT,
    exerciseMode: flashModes.includes(r.exerciseMode as FlashMode)
      ? (r.exerciseMode as FlashMode)
      : 'Random',
    showFingering: typeof r.showFingering === 'boolean' ? r.showFingering : true,
    quizDisplay: isQuizDisplay(r.quizDisplay) ? r.quizDisplay : QUIZ_DISPLAY_DEFAULT,
  };
  const update = useCallback(
    (patch: Partial<FlashPreferences>) => write({ ...(raw ?? {}), ...prefs, ...patch }),
    // prefs is derived from raw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [raw, write],
  );
  return [prefs, update];
}
