/**
 * How well bench:omr's pages' titles are read (issue 20 item 1, 'the title above the music'):
 * exactly as printed, or with the same words (case, accents, punctuation and a leading 'The'
 * aside, as the library compares titles), or not at all (the tune keeps 'Recognised tune').
 */
import { titleKey } from './selectTunes.ts';

export interface TitleTally {
  pages: number;
  exact: number;
  sameWords: number;
  /** Pages where no title was read. */
  none: number;
}

export const emptyTitleTally = (): TitleTally => ({ pages: 0, exact: 0, sameWords: 0, none: 0 });

export function tallyTitle(tally: TitleTally, truth: string, read: string | null): TitleTally {
  tally.pages += 1;
  if (read === null) tally.none += 1;
  else {
    if (read.trim() === truth.trim()) tally.exact += 1;
    if (titleKey(read) === titleKey(truth)) tally.sameWords += 1;
  }
  return tally;
}
