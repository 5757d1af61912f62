import { describe, expect, it } from 'vitest';
import { NO_INITIALS, readInitials, scoreMessages } from './scores.ts';

describe('high score row initials (spec §3)', () => {
  it('R-3.HIGHSCORE-04 R-3.HIGHSCORE-05 read from struserinitials, struserInitials or initials', () => {
    expect(readInitials({ struserinitials: 'ABC' })).toBe('ABC');
    expect(readInitials({ struserInitials: 'DEF' })).toBe('DEF');
    expect(readInitials({ initials: 'GHI' })).toBe('GHI');
    expect(readInitials({ struserinitials: 'A', initials: 'B' })).toBe('A');
  });

  it("R-3.HIGHSCORE-06 none shows '---'", () => {
    expect(NO_INITIALS).toBe('---');
    expect(readInitials({})).toBe('---');
    expect(readInitials({ struserinitials: null, initials: '  ' })).toBe('---');
    expect(readInitials(null)).toBe('---');
  });
});

describe('score service messages (spec §8)', () => {
  it('R-8.SCORE-03 … R-8.SCORE-12 are the spec text', () => {
    expect(Object.values(scoreMessages)).toEqual([
      'ID is required',
      'High score data is required',
      'Score is required',
      'Level is required',
      'local_user_id is required',
      'Invalid local_user_id UUID format',
      'Invalid user_id UUID format',
      'Either userId or localUserId must be provided',
      'Update data is required',
      'No valid fields to update',
    ]);
  });
});
