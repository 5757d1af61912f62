/**
 * A tune's melody as find-by-playing compares it (issue 15 item 6): the melody notes in page
 * order — grace notes are embellishments on a note, never notes of their own, so they are left
 * out by construction — as scale degrees, with the page bar of each.
 */
import { scaleIndex } from '../notes.ts';
import { barsOf, type Tune } from '../tune/tune.ts';

export interface TuneMelody {
  /** Scale degrees (0 = Low G … 8 = High A), one per melody note, notesOf(tune) order. */
  readonly degrees: readonly number[];
  /**
   * Per page bar, the index of the first melody note at or after its start: bar numbers as
   * the play-along and loop ranges count them (1-based page bars,
   * src/music/playAlong/expectedEvents.ts), so a result can open the tune at its bar.
   */
  readonly barStarts: readonly number[];
}

export function tuneMelody(tune: Tune): TuneMelody {
  const degrees: number[] = [];
  const barStarts: number[] = [];
  for (const bar of barsOf(tune)) {
    barStarts.push(degrees.length);
    for (const item of bar.items) if (item.kind === 'note') degrees.push(scaleIndex(item.pitch));
  }
  return { degrees, barStarts };
}

/** The 1-based page bar of melody note `noteIndex`. */
export function barOfNote(barStarts: readonly number[], noteIndex: number): number {
  // Last bar starting at or before the note; an empty bar shares its start with the next bar,
  // which is the one that holds the note.
  let lo = 0;
  let hi = barStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (barStarts[mid]! <= noteIndex) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/**
 * Runs of one pitch folded into one: what the n-gram prefilter compares. A chanter cannot
 * re-articulate a note without a gracenote, so a repeated or tied note may reach the
 * detector as one long note or as two; folding makes both the same grams.
 */
export function foldRuns(degrees: string): string {
  let out = '';
  for (let i = 0; i < degrees.length; i++) if (degrees[i] !== degrees[i - 1]) out += degrees[i];
  return out;
}
