import { describe, expect, it } from 'vitest';
import {
  INITIAL_POSITION,
  SONG_SEQUENCE,
  clampExerciseSeconds,
  clampNoteSeconds,
  counterText,
  exerciseProgress,
  exerciseStart,
  exerciseStop,
  nextCard,
  positionForMode,
  previousCard,
  randomOtherIndex,
  remainingText,
  type CardPosition,
  type FlashMode,
} from './flashCardRules.ts';

const never = () => {
  throw new Error('random must not be used');
};

function walk(mode: FlashMode, from: CardPosition, steps: number, random: () => number = never) {
  const seen: number[] = [];
  let p = from;
  for (let i = 0; i < steps; i++) {
    p = nextCard(p, mode, random);
    seen.push(p.index);
  }
  return { seen, p };
}

describe('flash card inputs', () => {
  it('R-5.INPUTS-03 R-5.INPUTS-04 R-5.INPUTS-05 R-9.CONST-12 note duration is a whole 1–10, default 1', () => {
    expect(clampNoteSeconds(0)).toBe(1);
    expect(clampNoteSeconds(-5)).toBe(1);
    expect(clampNoteSeconds(11)).toBe(10);
    expect(clampNoteSeconds(2.6)).toBe(3);
    expect(clampNoteSeconds(Number.NaN)).toBe(1);
    expect(clampNoteSeconds(7)).toBe(7);
  });

  it('R-5.INPUTS-06 R-9.CONST-13 exercise duration is 10–300, default 30', () => {
    expect(clampExerciseSeconds(5)).toBe(10);
    expect(clampExerciseSeconds(301)).toBe(300);
    expect(clampExerciseSeconds(45)).toBe(45);
    expect(clampExerciseSeconds(Number.NaN)).toBe(30);
  });
});

describe('flash card orders', () => {
  it('R-4.FLASH-09 Scale goes up to High A, then down to Low G, reversing at each end', () => {
    const { seen } = walk('Scale', INITIAL_POSITION, 20);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4]);
  });

  it('previous in Scale retraces the step next made, also across a reversal', () => {
    const top: CardPosition = { index: 8, direction: 1, songPosition: 0 };
    const after = nextCard(top, 'Scale', never);
    expect(after.index).toBe(7);
    const back = previousCard(after, 'Scale', never);
    expect(back.index).toBe(8);
    expect(nextCard(back, 'Scale', never).index).toBe(7);
    const mid = previousCard({ index: 4, direction: 1, songPosition: 0 }, 'Scale', never);
    expect(mid.index).toBe(3);
    expect(nextCard(mid, 'Scale', never).index).toBe(4);
  });

  it('R-4.FLASH-11 Random picks every note except the current one', () => {
    for (let current = 0; current < 9; current++) {
      const picked = new Set<number>();
      for (let k = 0; k < 8; k++) picked.add(randomOtherIndex(current, () => (k + 0.5) / 8));
      expect(picked.has(current)).toBe(false);
      expect(picked.size).toBe(8);
    }
    // Edge of the random range: 0.999… still gives a note, never the current one.
    expect(randomOtherIndex(8, () => 0.9999999)).toBe(7);
    expect(randomOtherIndex(0, () => 0)).toBe(1);
  });

  it('R-4.FLASH-12 R-4.FLASH-13 R-9.CONST-14 Song steps through 29 note indexes and loops', () => {
    expect(SONG_SEQUENCE).toHaveLength(29);
    expect(SONG_SEQUENCE.every((i) => Number.isInteger(i) && i >= 0 && i <= 8)).toBe(true);
    const start = positionForMode(INITIAL_POSITION, 'Song');
    expect(start.index).toBe(SONG_SEQUENCE[0]);
    const { seen, p } = walk('Song', start, 29);
    expect(seen).toEqual([...SONG_SEQUENCE.slice(1), SONG_SEQUENCE[0]]);
    expect(p.songPosition).toBe(0);
    expect(previousCard(p, 'Song', never).songPosition).toBe(28);
  });

  it('R-4.FLASH-10 R-4.FLASH-14 an exercise starts at the first note (Scale) or first song note', () => {
    const somewhere: CardPosition = { index: 5, direction: -1, songPosition: 12 };
    expect(exerciseStart(somewhere, 'Scale', never)).toEqual(INITIAL_POSITION);
    const song = exerciseStart(somewhere, 'Song', never);
    expect(song.songPosition).toBe(0);
    expect(song.index).toBe(SONG_SEQUENCE[0]);
    expect(exerciseStart(somewhere, 'Random', () => 0.99).index).not.toBe(5);
  });

  it('R-4.FLASH-08 stopping resets the song position', () => {
    expect(exerciseStop({ index: 3, direction: 1, songPosition: 17 }).songPosition).toBe(0);
  });
});

describe('flash card counter and countdown', () => {
  it('R-2.3.FLASH-05 reads Note X of N', () => {
    expect(counterText({ index: 2, direction: 1, songPosition: 0 }, 'Scale')).toBe('Note 3 of 9');
    expect(counterText({ index: 2, direction: 1, songPosition: 4 }, 'Song')).toBe('Note 5 of 29');
  });

  it('R-2.3.FLASH-06 reads Time Remaining m:ss', () => {
    expect(remainingText(30)).toBe('Time Remaining 0:30');
    expect(remainingText(300)).toBe('Time Remaining 5:00');
    expect(remainingText(61.2)).toBe('Time Remaining 1:02');
    expect(remainingText(-1)).toBe('Time Remaining 0:00');
  });

  it('R-4.FLASH-02 R-4.FLASH-03 R-4.FLASH-05 counts down and shows a card every note duration', () => {
    expect(exerciseProgress(0, 2, 10)).toEqual({ remaining: 10, cards: 1, done: false });
    expect(exerciseProgress(1.99, 2, 10).cards).toBe(1);
    expect(exerciseProgress(2, 2, 10).cards).toBe(2);
    expect(exerciseProgress(9.9, 2, 10)).toMatchObject({ cards: 5, done: false });
    expect(exerciseProgress(10, 2, 10)).toEqual({ remaining: 0, cards: 5, done: true });
    expect(exerciseProgress(25, 2, 10)).toEqual({ remaining: 0, cards: 5, done: true });
  });
});
