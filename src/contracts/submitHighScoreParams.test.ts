import { describe, expect, it } from 'vitest';
import { BLASTER_LEVELS } from '../music/game/blasterRules.ts';
import {
  scoreMessages,
  scoreRuleMessages,
  submitHighScoreParamsSchema,
  submitHighScoreProblem,
} from './scores.ts';

const LOCAL = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const valid = { p_score: 10, p_local_user_id: LOCAL, p_level: 1 };

describe('issue 15.1: submit_high_score has one typed parameter schema', () => {
  it('accepts every level of the Blaster level table and no other', () => {
    for (const level of BLASTER_LEVELS) {
      expect(submitHighScoreProblem({ ...valid, p_level: level })).toBeNull();
    }
    const above = BLASTER_LEVELS[BLASTER_LEVELS.length - 1]! + 1;
    expect(submitHighScoreProblem({ ...valid, p_level: above })).toEqual({
      message: scoreRuleMessages.invalidLevel,
      code: 'invalid_value',
    });
    expect(submitHighScoreProblem({ ...valid, p_level: 0 })?.message).toBe(
      scoreRuleMessages.invalidLevel,
    );
  });

  it("the level message is built from the table's first and last level", () => {
    expect(scoreRuleMessages.invalidLevel).toBe(
      `Level must be a whole number from ${BLASTER_LEVELS[0]} to ${BLASTER_LEVELS.at(-1)}`,
    );
  });

  it('reports in the spec order (score, level, local id) with the spec messages and codes', () => {
    expect(submitHighScoreProblem({})).toEqual({
      message: scoreMessages.scoreRequired,
      code: 'missing_field',
    });
    expect(submitHighScoreProblem({ p_score: 1 })?.message).toBe(scoreMessages.levelRequired);
    expect(submitHighScoreProblem({ p_score: 1, p_level: 1 })?.message).toBe(
      scoreMessages.localUserIdRequired,
    );
    expect(submitHighScoreProblem({ ...valid, p_local_user_id: 'nope' })).toEqual({
      message: scoreMessages.invalidLocalUserId,
      code: 'invalid_uuid',
    });
    expect(submitHighScoreProblem({ ...valid, p_score: 1.5 })?.message).toBe(
      scoreRuleMessages.invalidScore,
    );
  });

  it('parses numeric text to numbers (an RPC parameter is any scalar)', () => {
    const parsed = submitHighScoreParamsSchema.parse({ ...valid, p_score: '42', p_level: '3' });
    expect(parsed.p_score).toBe(42);
    expect(parsed.p_level).toBe(3);
  });
});
