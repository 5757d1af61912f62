import { describe, expect, it } from 'vitest';
import {
  BLASTER_LEVELS,
  isBlasterLevel,
  maxPointsPerSecond,
  maxScoreFor,
  SCORE_SLACK_SECONDS,
} from './blasterRules.ts';

describe('Blaster level rules (docs/decisions/008-score-integrity.md)', () => {
  it('R-9.CONST-19 levels are 1 to 5', () => {
    expect(BLASTER_LEVELS).toEqual([1, 2, 3, 4, 5]);
    expect(isBlasterLevel(0)).toBe(false);
    expect(isBlasterLevel(6)).toBe(false);
    expect(isBlasterLevel(2.5)).toBe(false);
    expect(isBlasterLevel('3')).toBe(false);
  });

  it('higher levels allow more points per second', () => {
    const rates = BLASTER_LEVELS.map(maxPointsPerSecond);
    expect(rates).toEqual([40, 120, 240, 400, 600]);
  });

  it('the ceiling grows with the time played, plus a small slack', () => {
    expect(maxScoreFor(1, 0)).toBe(40 * SCORE_SLACK_SECONDS);
    expect(maxScoreFor(1, 60)).toBe(40 * (60 + SCORE_SLACK_SECONDS));
    expect(maxScoreFor(5, 10.5)).toBe(Math.floor(600 * 12.5));
    expect(maxScoreFor(3, -5)).toBe(240 * SCORE_SLACK_SECONDS);
  });
});
