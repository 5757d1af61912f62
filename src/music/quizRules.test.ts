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
  QUIZ_DISPLAY_DEFAULT,
  isQuizDisplay,
  quizCardFaces,
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

describe('issue 22.4: what the quiz card shows', () => {
  it('shows only the staff by default, so the card does not give the answer away', () => {
    expect(QUIZ_DISPLAY_DEFAULT).toBe('staff');
    expect(quizCardFaces('staff', true)).toEqual({ name: false, staff: true, fingering: false });
  });

  it('shows only the name, or only the fingering, whatever the Display menu says', () => {
    expect(quizCardFaces('name', true)).toEqual({ name: true, staff: false, fingering: false });
    expect(quizCardFaces('fingering', false)).toEqual({
      name: false,
      staff: false,
      fingering: true,
    });
  });

  it("'all' is the spec's flash card: name and staff, fingering as the Display menu says", () => {
    expect(quizCardFaces('all', true)).toEqual({ name: true, staff: true, fingering: true });
    expect(quizCardFaces('all', false)).toEqual({ name: true, staff: true, fingering: false });
  });

  it('recognises stored choices and nothing else', () => {
    expect(['staff', 'name', 'fingering', 'all'].every(isQuizDisplay)).toBe(true);
    expect(isQuizDisplay('Staff')).toBe(false);
    expect(isQuizDisplay(undefined)).toBe(false);
  });
});
