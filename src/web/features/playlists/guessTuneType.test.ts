import { describe, expect, it } from 'vitest';
import { guessTuneType } from './guessTuneType.ts';

describe('guessTuneType (issue 15 item 7: an own file shows its type)', () => {
  it.each([
    ['March', '2/4', '2/4 march'],
    ['Competition March', '6/8', '6/8 march'],
    ['Retreat March', '3/4', 'retreat'],
    ['Strathspey', '4/4', 'strathspey'],
    ['Reel', '2/2', 'reel'],
    ['Slow Air', '3/4', 'slow air'],
    ['Jig', '6/8', 'jig'],
    ['', '2/4', 'other'],
    ['March', null, 'other'],
  ] as const)('issue 15.7: %s in %s → %s', (type, time, expected) => {
    expect(guessTuneType(type, time)).toBe(expected);
  });
});
