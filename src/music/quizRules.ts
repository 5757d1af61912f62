/**
 * The flash-card listening quiz (issue 5, beyond the spec): the app shows a note, the piper
 * plays it on the chanter (microphone or keyboard chanter), and each card is judged right or
 * wrong with the reaction time; the end shows accuracy per note. Pure: readings and times
 * arrive as plain values (DESIGN habit 3).
 *
 * Judging rule: the first note the piper *starts* after the card appears and holds for
 * HOLD_MS decides the card. A note already sounding when the card appears (still holding the
 * previous answer) does not count until it stops or changes, and blips shorter than HOLD_MS
 * (a grace note, the detector settling) are ignored. Reaction time runs from the card
 * appearing to the start of the judged note.
 */
import { pitches, type Pitch } from './notes.ts';
import { randomOtherIndex } from './flashCardRules.ts';

/** Cards in one quiz. */
export const QUIZ_LENGTH = 10;
/** A note must be held this long to be judged: longer than any grace note (≈ 50 ms). */
export const HOLD_MS = 120;

export interface QuizResult {
  readonly target: Pitch;
  readonly heard: Pitch;
  readonly correct: boolean;
  /** From the card appearing to the start of the judged note. */
  readonly reactionMs: number;
}

export interface QuizState {
  readonly cards: readonly Pitch[];
  /** Index of the card on show; equals cards.length when the quiz is over. */
  readonly current: number;
  readonly shownAt: number;
  /** A note heard when the card appeared: ignored until it stops or changes. */
  readonly carried: Pitch | null;
  /** The note sounding now (not carried) and when it started. */
  readonly candidate: { readonly note: Pitch; readonly since: number } | null;
  readonly results: readonly QuizResult[];
}

/**
 * What the quiz card shows (issue 22 item 4): a card printing the note's name gives the answer
 * away, so the quiz tests reading the staff by default. 'name' and 'fingering' test the other
 * ways a learner meets a note; 'all' is the flash card of spec §2.3 (name, staff, and the
 * fingering when the Display menu shows it), as the quiz showed before.
 */
export type QuizDisplay = 'staff' | 'name' | 'fingering' | 'all';
export const quizDisplays: readonly QuizDisplay[] = ['staff', 'name', 'fingering', 'all'];
export const QUIZ_DISPLAY_DEFAULT: QuizDisplay = 'staff';

export function isQuizDisplay(value: unknown): value is QuizDisplay {
  return quizDisplays.includes(value as QuizDisplay);
}

/** Which faces of the card are on show. */
export interface CardFaces {
  readonly name: boolean;
  readonly staff: boolean;
  readonly fingering: boolean;
}

/** The faces of a quiz card; `showFingering` is the Display menu's choice (used by 'all'). */
export function quizCardFaces(display: QuizDisplay, showFingering: boolean): CardFaces {
  switch (display) {
    case 'staff':
      return { name: false, staff: true, fingering: false };
    case 'name':
      return { name: true, staff: false, fingering: false };
    case 'fingering':
      return { name: false, staff: false, fingering: true };
    case 'all':
      return { name: true, staff: true, fingering: showFingering };
  }
}

/** QUIZ_LENGTH cards, none the same as the one before it (like Random mode, R-4.FLASH-11). */
export function quizCards(random: () => number, length = QUIZ_LENGTH): Pitch[] {
  const cards: Pitch[] = [];
  let index = Math.min(pitches.length - 1, Math.floor(random() * pitches.length));
  for (let i = 0; i < length; i++) {
    if (i > 0) index = randomOtherIndex(index, random);
    cards.push(pitches[index]!);
  }
  return cards;
}

export function startQuiz(cards: readonly Pitch[], now: number, heard: Pitch | null): QuizState {
  return { cards, current: 0, shownAt: now, carried: heard, candidate: null, results: [] };
}

export const quizOver = (s: QuizState) => s.current >= s.cards.length;
export const currentCard = (s: QuizState): Pitch | null => s.cards[s.current] ?? null;

/** Feeds one reading (the note heard now, or null for silence) at time `now` (ms). */
export function quizHear(s: QuizState, heard: Pitch | null, now: number): QuizState {
  if (quizOver(s)) return s;
  if (s.carried !== null) {
    if (heard === s.carried) return s;
    s = { ...s, carried: null };
  }
  if (heard === null) return s.candidate ? { ...s, candidate: null } : s;
  if (!s.candidate || s.candidate.note !== heard) {
    s = { ...s, candidate: { note: heard, since: now } };
  }
  const candidate = s.candidate!;
  if (now - candidate.since < HOLD_MS) return s;
  const target = s.cards[s.current]!;
  const result: QuizResult = {
    target,
    heard,
    correct: heard === target,
    reactionMs: Math.max(0, Math.round(candidate.since - s.shownAt)),
  };
  return { ...s, results: [...s.results, result], candidate: null };
}

/** Whether the card on show has been judged and waits for nextQuizCard. */
export const cardJudged = (s: QuizState) => s.results.length > s.current;

/** Shows the next card; the note still sounding is carried (not judged) on the new card. */
export function nextQuizCard(s: QuizState, now: number, heard: Pitch | null): QuizState {
  return { ...s, current: s.current + 1, shownAt: now, carried: heard, candidate: null };
}

export interface NoteAccuracy {
  readonly pitch: Pitch;
  readonly attempts: number;
  readonly correct: number;
  /** Mean reaction of the right answers, or null with none. */
  readonly meanReactionMs: number | null;
}

/** The end-of-quiz table: one row per note that came up, in scale order. */
export function accuracyByNote(results: readonly QuizResult[]): NoteAccuracy[] {
  return pitches
    .map((pitch) => {
      const mine = results.filter((r) => r.target === pitch);
      const right = mine.filter((r) => r.correct);
      return {
        pitch,
        attempts: mine.length,
        correct: right.length,
        meanReactionMs: right.length
          ? Math.round(right.reduce((a, r) => a + r.reactionMs, 0) / right.length)
          : null,
      };
    })
    .filter((row) => row.attempts > 0);
}
