/**
 * How well bench:omr's pages' titles are read (issue 20 item 1, 'the title above the music'):
 * exactly as printed, or with the same words (case, accents, punctuation and a leading 'The'
 * aside, as the library compares titles), or not at all (the tune keeps 'Recognised tune').
 * And its first- and second-time endings: the truth's ending numbers, in order, against the
 * read ones (the symbol error rate leaves them out, as the issue defines it).
 */
import type { Tune } from '../../src/music/tune/tune.ts';
import { barsOf } from '../../src/music/tune/tune.ts';
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

/** The ending numbers of a tune, in order ('1', '2', '1', '2' …). */
export const endingLabels = (tune: Tune): string[] =>
  barsOf(tune).flatMap((b) => b.items.flatMap((i) => (i.kind === 'timeline' ? [i.label] : [])));

export interface EndingTally {
  truth: number;
  found: number;
  extra: number;
}

/** Endings read in their place in the order (longest common subsequence), and extra ones. */
export function tallyEndings(tally: EndingTally, truth: Tune, read: Tune | null): EndingTally {
  const a = endingLabels(truth);
  const b = read ? endingLabels(read) : [];
  const common: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      common[i]![j] =
        a[i - 1] === b[j - 1]
          ? common[i - 1]![j - 1]! + 1
          : Math.max(common[i - 1]![j]!, common[i]![j - 1]!);
  const found = common[a.length]![b.length]!;
  tally.truth += a.length;
  tally.found += found;
  tally.extra += b.length - found;
  return tally;
}
