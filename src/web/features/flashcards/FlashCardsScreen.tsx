import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { createExerciseClock, type ExerciseClock } from '../../../audio/exerciseClock.ts';
import {
  EXERCISE_SECONDS_MAX,
  EXERCISE_SECONDS_MIN,
  INITIAL_POSITION,
  NOTE_SECONDS_MAX,
  NOTE_SECONDS_MIN,
  clampExerciseSeconds,
  clampNoteSeconds,
  counterText,
  exerciseStart,
  exerciseStop,
  flashModes,
  nextCard,
  pitchAt,
  positionForMode,
  previousCard,
  remainingText,
  type CardPosition,
  type FlashMode,
} from '../../../music/flashCardRules.ts';
import { reportError } from '../../lib/monitoring.ts';
import { useQueryParam } from '../../lib/useQueryParam.ts';
import { activeChanter } from '../../lib/activeChanter.ts';
import { useNotePlayer, type CreateNotePlayer } from '../../lib/useNotePlayer.ts';
import { MenuBar, type MenuDefinition } from '../../ui/MenuBar.tsx';
import { builtInChanterIds, keys } from '../../storage/keys.ts';
import { selectChanter } from '../../storage/selectChanter.ts';
import { settingsStore, type SettingsStore } from '../../storage/settingsStore.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { ListeningQuiz } from './ListeningQuiz.tsx';
import { NoteCard } from './NoteCard.tsx';
import { useFlashPreferences } from './useFlashPreferences.ts';
import './flashcards.css';
import { trackFeature } from '../../lib/analytics.ts';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';

type Display = 'Show Fingering' | 'Hide Fingering';

/** Spec §8 'Audio' messages, verbatim (R-8.AUDIO-01..03). */
export const PLAY_FAILED = 'Failed to play note';
export const NEXT_FAILED = 'Failed to play next note';
export const START_FAILED = 'Failed to start exercise playback';

export interface FlashCardsScreenProps {
  /** Test seams; the page uses the shared audio context, Math.random and the real clock. */
  readonly createPlayer?: CreateNotePlayer;
  readonly store?: SettingsStore;
  readonly random?: () => number;
  readonly createClock?: () => ExerciseClock;
  /** Hides the listening quiz (component tests of the cards alone). */
  readonly quiz?: boolean;
}

const browserClock = (): ExerciseClock =>
  createExerciseClock(() => Date.now(), {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });

/**
 * Flash Cards (spec §2.3, §4 'Flash cards', §5 'Inputs'): Mode, Chanter and Display menus; the
 * note's name, Hz, staff and fingering; previous, next, Play Note; an exercise that plays a
 * card every note duration until its countdown ends; and the listening quiz.
 */
export default function FlashCardsScreen({
  createPlayer,
  store = settingsStore(),
  random = Math.random,
  createClock = browserClock,
  quiz = true,
}: FlashCardsScreenProps) {
  const [prefs, setPrefs] = useFlashPreferences(store);
  const [chanterName] = useStoredValue(keys.chanterName, store);
  const [chanterId] = useStoredValue(keys.chanterId, store);
  const [customs] = useStoredValue(keys.customChanters, store);
  const { player, sounding } = useNotePlayer(createPlayer);
  const [clock] = useState(createClock);
  const exercise = useSyncExternalStore(clock.subscribe, clock.getSnapshot, clock.getSnapshot);
  const [position, setPosition] = useState<CardPosition>(() =>
    positionForMode(INITIAL_POSITION, prefs.exerciseMode),
  );
  const [error, setError] = useState<string | null>(null);
  const [exerciseDraft, setExerciseDraft] = useState(String(prefs.exerciseDuration));
  const positionRef = useRef(position);
  const noteId = useId();
  const exerciseId = useId();

  const mode = prefs.exerciseMode;
  const chanter = activeChanter(chanterId, customs);
  const running = exercise.running;
  usePracticeSession('flashcards', running);
  const pitch = pitchAt(position.index);
  const hz = chanter.frequencies[position.index] ?? 0;

  useEffect(() => {
    positionRef.current = position;
  }, [position]);
  // Leaving the screen ends an exercise.
  useEffect(() => () => clock.stop(), [clock]);
  // Issue 16 item 5: the learning path links /flashcards?mode=Scale. The mode is applied once
  // the page has hydrated (the prerendered page knows no query) and stored like a menu choice;
  // choosing another mode from the menu afterwards is not undone.
  const modeParam = useQueryParam('mode');
  const requestedMode = flashModes.find((m) => m === modeParam);
  useEffect(() => {
    if (!requestedMode || requestedMode === prefs.exerciseMode) return;
    setPrefs({ exerciseMode: requestedMode });
    move(positionForMode(positionRef.current, requestedMode));
    // Only when the address asks: the menu owns the mode afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestedMode]);

  const sound = (index: number, message: string) => {
    try {
      player.play(chanter.frequencies[index] ?? 0, prefs.noteDuration);
      return true;
    } catch (e) {
      reportError(e, { source: 'flashcards', message });
      setError(message);
      return false;
    }
  };

  const move = (next: CardPosition) => {
    positionRef.current = next;
    setPosition(next);
  };

  const startExercise = () => {
    trackFeature('flashcards', 'start_exercise');
    setError(null);
    const first = exerciseStart(positionRef.current, mode, random);
    move(first);
    if (!sound(first.index, START_FAILED)) return;
    clock.start(prefs.noteDuration, prefs.exerciseDuration, {
      onCard(n) {
        if (n === 1) return; // the first card is already showing and sounding
        const next = nextCard(positionRef.current, mode, random);
        move(next);
        sound(next.index, NEXT_FAILED);
      },
      onEnd: () => endExercise(),
    });
  };

  /** R-4.FLASH-05..08: stop, clear the playing note, reset the song position. */
  function endExercise() {
    clock.stop();
    player.stop();
    move(exerciseStop(positionRef.current));
  }

  const chanterNames = [
    ...Object.keys(builtInChanterIds),
    ...customs.map((c) => c.name).filter((n) => !(n in builtInChanterIds)),
  ];
  const modeMenu: MenuDefinition<FlashMode> = {
    label: 'Mode',
    items: flashModes.map((m) => ({ label: m, value: m })),
    selected: mode,
    onSelect(next) {
      if (running) endExercise();
      setPrefs({ exerciseMode: next });
      move(positionForMode(positionRef.current, next));
    },
  };
  const chanterMenu: MenuDefinition = {
    label: 'Chanter',
    items: chanterNames.map((n) => ({ label: n, value: n })),
    selected: chanterName,
    onSelect(name) {
      // Choosing a chanter selects it app-wide (spec §5 'Storage') and in the flash card prefs.
      selectChanter(store, name);
      setPrefs({ selectedChanter: name });
    },
  };
  const displayMenu: MenuDefinition<Display> = {
    label: 'Display',
    items: [
      { label: 'Show Fingering', value: 'Show Fingering' },
      { label: 'Hide Fingering', value: 'Hide Fingering' },
    ],
    selected: prefs.showFingering ? 'Show Fingering' : 'Hide Fingering',
    onSelect: (d) => setPrefs({ showFingering: d === 'Show Fingering' }),
  };

  const commitExercise = () => {
    const value = clampExerciseSeconds(Number(exerciseDraft));
    setExerciseDraft(String(value));
    setPrefs({ exerciseDuration: value });
  };

  return (
    <section className="page flashcards" aria-labelledby="flashcards-title">
      <h1 id="flashcards-title">Flash Cards</h1>
      <MenuBar
        label="Flash card options"
        className="flashcards__menus"
        menus={[modeMenu, chanterMenu, displayMenu]}
      />
      <div className="flashcards__layout">
        <NoteCard
          pitch={pitch}
          hz={hz}
          faces={{ name: true, staff: true, fingering: prefs.showFingering }}
          sounding={sounding !== null}
          testId="flash-card"
        />
        <div className="flashcards__controls">
          <p className="flashcards__counter" data-testid="flash-counter">
            {running ? remainingText(exercise.remaining) : counterText(position, mode)}
          </p>
          <div className="flashcards__nav">
            <button
              type="button"
              className="button secondary"
              aria-label="Previous note"
              disabled={running}
              onClick={() => move(previousCard(positionRef.current, mode, random))}
            >
              <span aria-hidden="true">‹</span> Previous
            </button>
            <button
              type="button"
              className="button secondary"
              aria-label="Next note"
              disabled={running}
              onClick={() => move(nextCard(positionRef.current, mode, random))}
            >
              Next <span aria-hidden="true">›</span>
            </button>
          </div>
          <button
            type="button"
            className="button"
            disabled={running}
            onClick={() => {
              setError(null);
              sound(position.index, PLAY_FAILED);
            }}
          >
            Play Note
          </button>
          <div className="flashcards__field">
            <label htmlFor={noteId}>Note duration (seconds)</label>
            <input
              id={noteId}
              type="number"
              inputMode="numeric"
              min={NOTE_SECONDS_MIN}
              max={NOTE_SECONDS_MAX}
              step={1}
              disabled={running}
              value={prefs.noteDuration}
              onChange={(e) => setPrefs({ noteDuration: clampNoteSeconds(Number(e.target.value)) })}
            />
          </div>
          <div className="flashcards__field">
            <label htmlFor={exerciseId}>Exercise duration (seconds)</label>
            <input
              id={exerciseId}
              type="number"
              inputMode="numeric"
              min={EXERCISE_SECONDS_MIN}
              max={EXERCISE_SECONDS_MAX}
              step={1}
              disabled={running}
              value={exerciseDraft}
              onChange={(e) => setExerciseDraft(e.target.value)}
              onBlur={commitExercise}
            />
          </div>
          <div className="flashcards__exercise">
            <button type="button" className="button" disabled={running} onClick={startExercise}>
              Start Exercise
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={!running}
              onClick={endExercise}
            >
              End Exercise
            </button>
          </div>
          {error && (
            <p className="flashcards__error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
      {/* Remounted on a chanter change: the quiz listens with that chanter (Keyboard: keys). */}
      {quiz && (
        <ListeningQuiz
          key={chanterId}
          showFingering={prefs.showFingering}
          display={prefs.quizDisplay}
          onDisplayChange={(quizDisplay) => setPrefs({ quizDisplay })}
        />
      )}
    </section>
  );
}
