import { describe, expect, it } from 'vitest';
import { GRACE_MAX_SECONDS, playedPitches, SLOW_GRACE_MAX_SECONDS } from './playedPitches.ts';

describe('playedPitches (issue 15.6: tolerant to grace notes)', () => {
  it('issue 15.6: drops gracenotes heard as notes, keeps melody and tapped notes', () => {
    expect(
      playedPitches([
        { note: 'HG', duration: 0.035 }, // G gracenote
        { note: 'LA', duration: 0.4 },
        { note: 'D', duration: 0.03 }, // D gracenote
        { note: 'B', duration: 0.2 },
        { note: 'C', duration: null }, // still sounding, or tapped
      ]),
    ).toEqual(['LA', 'B', 'C']);
  });

  it('issue 15.6: in a slow air a grace stretched with the tempo is still a grace', () => {
    const slow = (grace: number) =>
      playedPitches([
        { note: 'LA', duration: 1.2 },
        { note: 'D', duration: grace },
        { note: 'LG', duration: 0.9 },
        { note: 'B', duration: 1.3 },
      ]);
    expect(slow(0.067)).toEqual(['LA', 'LG', 'B']);
    expect(slow(SLOW_GRACE_MAX_SECONDS + 0.01)).toEqual(['LA', 'D', 'LG', 'B']);
  });

  it('issue 15.6: in a quick tune a short cut note stays a melody note', () => {
    const quick = [
      { note: 'LA', duration: 0.25 },
      { note: 'B', duration: GRACE_MAX_SECONDS + 0.01 },
      { note: 'C', duration: 0.25 },
    ] as const;
    expect(playedPitches(quick)).toEqual(['LA', 'B', 'C']);
  });
});
