import type { Mark } from '../../../music/tune/tune.ts';

/**
 * How each navigation mark is printed or read out. The closing marks (D.S., D.C. al Fine, Fine)
 * are printed as these words at the end of their bar; segno and coda are signs drawn over their
 * note (./drawMarks.ts), named in words only for screen readers (./scoreLabel.ts).
 */
export const markWords: Readonly<Record<Mark['code'], string>> = {
  segno: 'segno',
  dalsegno: 'D.S.',
  coda: 'coda',
  codasection: 'coda section',
  dacapoalfine: 'D.C. al Fine',
  fine: 'Fine',
};

/** Marks that close a passage (printed at the end of a bar); the others open one. */
export const closingMarks: ReadonlySet<Mark['code']> = new Set([
  'dalsegno',
  'dacapoalfine',
  'fine',
]);
