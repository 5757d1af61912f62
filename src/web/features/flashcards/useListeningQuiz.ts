import { useCallback, useEffect, useRef, useState } from 'react';
import type { Pitch } from '../../../music/notes.ts';
import {
  cardJudged,
  nextQuizCard,
  quizCards,
  quizHear,
  quizOver,
  startQuiz,
  type QuizState,
} from '../../../music/quizRules.ts';

/** How often the held note is re-checked: the keyboard chanter only reports changes. */
const CHECK_MS = 30;
/** How long the right/wrong answer stays on show before the next card. */
export const FEEDBACK_MS = 900;

export interface ListeningQuiz {
  readonly state: QuizState | null;
  start(): void;
  quit(): void;
}

/**
 * Runs the listening quiz (src/music/quizRules.ts) against the note the piper is playing now:
 * every reading and a short timer (so a held note's hold time is measured) feed the rules,
 * and a judged card moves on after FEEDBACK_MS. `heard` comes from useNoteInput.
 */
const wallClock = () => Date.now();

export function useListeningQuiz(
  heard: Pitch | null,
  // Module-level defaults: a new function each render would restart the timers below.
  random: () => number = Math.random,
  now: () => number = wallClock,
): ListeningQuiz {
  const [state, setState] = useState<QuizState | null>(null);
  const heardRef = useRef(heard);
  useEffect(() => {
    heardRef.current = heard;
  }, [heard]);
  const running = state !== null && !quizOver(state);
  const judged = state !== null && cardJudged(state);

  // Feed the current reading every CHECK_MS while a card waits for its answer.
  useEffect(() => {
    if (!running || judged) return;
    const feed = () => setState((s) => (s ? quizHear(s, heard, now()) : s));
    const timer = window.setInterval(feed, CHECK_MS);
    return () => window.clearInterval(timer);
  }, [running, judged, heard, now]);

  // Show the verdict, then the next card (the note still sounding is carried over).
  useEffect(() => {
    if (!running || !judged) return;
    const timer = window.setTimeout(
      () => setState((s) => (s ? nextQuizCard(s, now(), heardRef.current) : s)),
      FEEDBACK_MS,
    );
    return () => window.clearTimeout(timer);
  }, [running, judged, now]);

  const start = useCallback(
    () => setState(startQuiz(quizCards(random), now(), heardRef.current)),
    [random, now],
  );
  const quit = useCallback(() => setState(null), []);
  return { state, start, quit };
}
