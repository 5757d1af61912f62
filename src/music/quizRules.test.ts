import { describe, expect, it } from 'vitest';
import {
  HOLD_MS,
  accuracyByNote,
  cardJudged,
  currentCard,
  nextQuizCard,
  quizCards,
  quizHear,
  quizOver,
  startQuiz,
} from './quizRules.ts';

describe('listening quiz', () => {
  it('deals ten cards, never the same note twice in a row', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const cards = quizCards(random);
    expect(cards).toHaveLength(10);
    for (let i = 1; i < cards.length; i++) expect(cards[i]).not.toBe(cards[i - 1]);
  });

  it('judges a held right note with its reaction time', () => {
    let s = startQuiz(['D', 'E'], 1000, null);
    s = quizHear(s, null, 1100);
    s = quizHear(s, 'D', 1450);
    expect(cardJudged(s)).toBe(false);
    s = quizHear(s, 'D', 1450 + HOLD_MS);
    expect(cardJudged(s)).toBe(true);
    expect(s.results[0]).toEqual({ target: 'D', heard: 'D', correct: true, reactionMs: 450 });
  });

  it('ignores blips shorter than the hold time and judges a held wrong note wrong', () => {
    let s = startQuiz(['D'], 0, null);
    s = quizHear(s, 'HG', 100);
    s = quizHear(s, 'C', 130);
    s = quizHear(s, 'C', 130 + HOLD_MS);
    expect(s.results[0]).toMatchObject({
      target: 'D',
      heard: 'C',
      correct: false,
      reactionMs: 130,
    });
  });

  it('does not judge the note still sounding from the last card until it changes', () => {
    let s = startQuiz(['D', 'E'], 0, null);
    s = quizHear(s, 'D', 10);
    s = quizHear(s, 'D', 200);
    expect(cardJudged(s)).toBe(true);
    s = nextQuizCard(s, 1000, 'D');
    expect(currentCard(s)).toBe('E');
    s = quizHear(s, 'D', 1500);
    expect(cardJudged(s)).toBe(false);
    s = quizHear(s, 'E', 1600);
    s = quizHear(s, 'E', 1800);
    expect(s.results[1]).toMatchObject({ correct: true, reactionMs: 600 });
    s = nextQuizCard(s, 2000, 'E');
    expect(quizOver(s)).toBe(true);
    expect(quizHear(s, 'E', 3000)).toBe(s);
  });

  it('summarises accuracy per note in scale order', () => {
    const rows = accuracyByNote([
      { target: 'E', heard: 'E', correct: true, reactionMs: 400 },
      { target: 'LA', heard: 'B', correct: false, reactionMs: 300 },
      { target: 'E', heard: 'E', correct: true, reactionMs: 600 },
      { target: 'E', heard: 'F', correct: false, reactionMs: 100 },
    ]);
    expect(rows).toEqual([
      { pitch: 'LA', attempts: 1, correct: 0, meanReactionMs: null },
      { pitch: 'E', attempts: 3, correct: 2, meanReactionMs: 500 },
    ]);
  });
});
