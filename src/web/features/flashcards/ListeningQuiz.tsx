import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { noteOf } from '../../../music/notes.ts';
import {
  QUIZ_LENGTH,
  accuracyByNote,
  cardJudged,
  currentCard,
  quizCardFaces,
  quizDisplays,
  quizOver,
  type QuizDisplay,
} from '../../../music/quizRules.ts';
import { useNoteInput } from '../../lib/useNoteInput.ts';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';
import { NoteCard } from './NoteCard.tsx';
import { useListeningQuiz } from './useListeningQuiz.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The card-face choices in words (issue 22 item 4). */
const displayLabels: Record<QuizDisplay, string> = {
  staff: 'Staff only',
  name: 'Name only',
  fingering: 'Fingering only',
  all: 'Whole card (name, staff, fingering)',
};

export interface ListeningQuizProps {
  /** The Display menu's choice: the fingering face of the whole card. */
  readonly showFingering: boolean;
  /** What the quiz card shows (stored with the flash card preferences). */
  readonly display: QuizDisplay;
  readonly onDisplayChange: (display: QuizDisplay) => void;
}

/**
 * The listening quiz (issue 5, beyond the spec): a card shows a note, the piper plays it on the
 * chanter through the microphone or on the keyboard chanter (one interface, useNoteInput), and
 * hears right or wrong with the reaction time; the end shows accuracy per note.
 */
export function ListeningQuiz({ showFingering, display, onDisplayChange }: ListeningQuizProps) {
  const displayId = useId();
  // Spec §4 'Microphone' / §2.4: the same microphone dialogs as every listening screen
  // (issue 13.14); the quiz has no chanter dialogs of its own.
  const input = useNoteInput({ microphoneDialogs: true });
  const { reading } = input;
  const quiz = useListeningQuiz(reading.note);
  const { state } = quiz;
  const over = state !== null && quizOver(state);
  const target = state ? currentCard(state) : null;
  const verdict = state && cardJudged(state) ? state.results[state.current] : undefined;
  const score = state ? state.results.filter((r) => r.correct).length : 0;
  // Issue 18 item 2: each quiz is a session; its answers per note feed 'Practise next'.
  const results = state?.results ?? [];
  usePracticeSession('flashcards', state !== null && !over, {
    noteEvents: input.noteEvents,
    details: {
      accuracy: results.length > 0 ? score / results.length : null,
      cards: accuracyByNote(results).map((row) => ({
        key: row.pitch,
        right: row.correct,
        wrong: row.attempts - row.correct,
        missing: 0,
      })),
    },
  });

  const begin = () => {
    // The microphone opens inside this click (autoplay and permission rules).
    if (input.input === 'microphone' && !input.listening) input.start();
    if (input.input === 'keyboard' && !input.listening) input.setInput('keyboard');
    quiz.start();
  };

  return (
    <section className="flash-quiz card" aria-labelledby="flash-quiz-title">
      <h2 id="flash-quiz-title">Listening quiz</h2>
      <p className="flash-quiz__lead">
        A card shows a note: play it on your chanter. {QUIZ_LENGTH} cards, each judged on the first
        note you hold, with your reaction time.
      </p>
      <div className="flash-quiz__display">
        <label htmlFor={displayId}>Card shows</label>
        <select
          id={displayId}
          value={display}
          onChange={(e) => onDisplayChange(e.target.value as QuizDisplay)}
        >
          {quizDisplays.map((d) => (
            <option key={d} value={d}>
              {displayLabels[d]}
            </option>
          ))}
        </select>
      </div>
      <div className="flash-quiz__controls">
        <div className="flash-quiz__input" role="group" aria-label="Input">
          <button
            type="button"
            className="button secondary"
            aria-pressed={input.input === 'microphone'}
            onClick={() => input.setInput('microphone')}
          >
            Microphone
          </button>
          <button
            type="button"
            className="button secondary"
            aria-pressed={input.input === 'keyboard'}
            onClick={() => input.setInput('keyboard')}
          >
            Keyboard chanter
          </button>
        </div>
        {state && !over ? (
          <button type="button" className="button" onClick={quiz.quit}>
            Stop Quiz
          </button>
        ) : (
          <button type="button" className="button" onClick={begin}>
            {over ? 'Quiz Again' : 'Start Quiz'}
          </button>
        )}
      </div>
      {input.input === 'keyboard' && (
        <p className="flash-quiz__hint">
          Keys <kbd>g</kbd> <kbd>a</kbd> <kbd>b</kbd> <kbd>c</kbd> <kbd>d</kbd> <kbd>e</kbd>{' '}
          <kbd>f</kbd> play Low G to F; <kbd>Shift</kbd>+<kbd>G</kbd> and <kbd>Shift</kbd>+
          <kbd>A</kbd> play High G and High A.
        </p>
      )}
      {reading.error && (
        <div className="flash-quiz__error" role="alert">
          <p>{reading.error.message}</p>
          <Link className="button secondary" to={paths.microphoneHelp}>
            How to Fix
          </Link>
        </div>
      )}

      {state && target && !over && (
        <div className="flash-quiz__stage">
          <p className="flash-quiz__progress">
            Card {state.current + 1} of {state.cards.length} · {score} right
          </p>
          <NoteCard
            pitch={target}
            hz={null}
            faces={quizCardFaces(display, showFingering)}
            testId="quiz-card"
          />
          <p className="flash-quiz__heard" data-testid="quiz-heard">
            {reading.note ? `Hearing ${noteOf(reading.note).name}` : 'Play the note…'}
          </p>
          <p
            className={`flash-quiz__verdict${verdict ? (verdict.correct ? ' is-right' : ' is-wrong') : ''}`}
            role="status"
            data-testid="quiz-verdict"
          >
            {verdict
              ? verdict.correct
                ? `Right! ${seconds(verdict.reactionMs)}`
                : `Wrong: you played ${noteOf(verdict.heard).name}`
              : ' '}
          </p>
        </div>
      )}

      {state && over && (
        <div className="flash-quiz__summary">
          <p role="status" className="flash-quiz__score">
            {score} of {state.cards.length} right
          </p>
          <table className="flash-quiz__table">
            <caption>Accuracy per note</caption>
            <thead>
              <tr>
                <th scope="col">Note</th>
                <th scope="col">Right</th>
                <th scope="col">Accuracy</th>
                <th scope="col">Mean reaction</th>
              </tr>
            </thead>
            <tbody>
              {accuracyByNote(state.results).map((row) => (
                <tr key={row.pitch}>
                  <th scope="row">{noteOf(row.pitch).name}</th>
                  <td>
                    {row.correct} of {row.attempts}
                  </td>
                  <td>{Math.round((100 * row.correct) / row.attempts)}%</td>
                  <td>{row.meanReactionMs === null ? '—' : seconds(row.meanReactionMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
