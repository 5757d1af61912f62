import { describe, expect, it } from 'vitest';
import { isNewHighScore, newHighScoreRank, RANK_CHECK_SIZE } from './highScoreRank.ts';

const tenScores = [1000, 900, 800, 700, 600, 500, 400, 300, 200, 100];

describe('new-high-score check (spec §9)', () => {
  it('R-9.CONST-20 reads the top 10 of a level', () => {
    expect(RANK_CHECK_SIZE).toBe(10);
    // An eleventh score passed in is ignored: only the top 10 count.
    expect(newHighScoreRank(150, [...tenScores, 50])).toBe(10);
  });

  it('R-9.CONST-21 with no scores a score qualifies at rank 1', () => {
    expect(newHighScoreRank(0, [])).toBe(1);
  });

  it('R-9.CONST-21 with fewer than 10 scores it qualifies at rank count+1', () => {
    expect(newHighScoreRank(5, [100, 50, 20])).toBe(4);
    // Literally count+1, even when it is higher than some of them.
    expect(newHighScoreRank(500, [100, 50, 20])).toBe(4);
    expect(newHighScoreRank(1, tenScores.slice(0, 9))).toBe(10);
  });

  it('R-9.CONST-22 with 10 scores it must beat the tenth', () => {
    expect(newHighScoreRank(99, tenScores)).toBeNull();
    expect(newHighScoreRank(100, tenScores)).toBeNull();
    expect(isNewHighScore(100, tenScores)).toBe(false);
    expect(newHighScoreRank(101, tenScores)).toBe(10);
    expect(isNewHighScore(101, tenScores)).toBe(true);
  });

  it('R-9.CONST-23 the rank is the first position it beats', () => {
    expect(newHighScoreRank(1001, tenScores)).toBe(1);
    expect(newHighScoreRank(1000, tenScores)).toBe(2);
    expect(newHighScoreRank(650, tenScores)).toBe(5);
    expect(newHighScoreRank(250, [...tenScores])).toBe(9);
  });

  it('R-9.CONST-23 ties: equalling a score does not beat it', () => {
    const ties = [500, 500, 500, 400, 400, 300, 300, 200, 200, 100];
    expect(newHighScoreRank(500, ties)).toBe(4);
    expect(newHighScoreRank(501, ties)).toBe(1);
  });
});
