import { describe, expect, it } from 'vitest';
import { parseBww } from '../../src/music/bww/parseBww.ts';
import { emptyTitleTally, tallyEndings, tallyTitle } from './titleScore.ts';

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

describe('bench:omr ending tally (issue 20 item 1)', () => {
  // Written for this test: a part with first and second endings, and a read with one missed.
  const tune = (music: string) =>
    parseBww(`"T",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n& sharpf sharpc 2_4 ${music}\n`)
      .tunes[0]!;

  it('issue 20.1: endings found in order, missed and extra are counted', () => {
    const truth = tune("I!'' LA_4 B_4 ! '1 C_4 E_4 _' ''!I '2 C_4 LA_4 _' !I");
    const missedOne = tune("I!'' LA_4 B_4 ! '1 C_4 E_4 _' ''!I C_4 LA_4 !I");
    const extraOne = tune("I!'' '1 LA_4 B_4 _' ! '1 C_4 E_4 _' ''!I '2 C_4 LA_4 _' !I");
    const tally = { truth: 0, found: 0, extra: 0 };
    tallyEndings(tally, truth, truth);
    tallyEndings(tally, truth, missedOne);
    tallyEndings(tally, truth, extraOne);
    tallyEndings(tally, truth, null);
    expect(tally).toEqual({ truth: 8, found: 5, extra: 1 });
  });
});
