import { describe, expect, it } from 'vitest';
import { emptyTitleTally, tallyTitle } from './titleScore.ts';

describe('bench:omr title tally (issue 20 item 1)', () => {
  it('issue 20.1: exact, the same words, and none are told apart', () => {
    const tally = emptyTitleTally();
    tallyTitle(tally, 'The Barren Rocks of Aden', 'The Barren Rocks of Aden');
    tallyTitle(tally, "Mrs. MacPherson's Reel", 'Mrs MacPhersons Reel');
    tallyTitle(tally, 'Scotland the Brave', 'Scotland the Grave');
    tallyTitle(tally, 'Lochanside', null);
    expect(tally).toEqual({ pages: 4, exact: 1, sameWords: 2, none: 1 });
  });
});
