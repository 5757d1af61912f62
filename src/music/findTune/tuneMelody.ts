/**
 * A tune's melody as find-by-playing compares it (issue 15 item 6): its melody notes as a
 * piper plays them — repeats taken, first- and second-time endings in their turn, tied notes
 * held as one (src/music/tune/performance.ts) — so a fragment that runs from the end of a
 * part back into its start is found too. Grace notes are not melody notes and are left out.
 * Each note keeps where it is on the page (its index in notesOf(tune) and its page bar), so a
 * result can open the tune at the right place.
 */
import { scaleIndex } from '../notes.ts';
import { performTune } from '../tune/performance.ts';
import { barsOf, type Tune } from '../tune/tune.ts';

export interface TuneMelody {
  /** Scale degrees (0 = Low G … 8 = High A), one per melody note in playing order. */
  readonly degrees: readonly number[];
  /**
   * Playing order → page notes, compactly: flat pairs [playing index, notesOf index], one
   * pair where the page stops running on by one (a repeat, an ending, a tie); see pageNote.
   */
  readonly jumps: readonly number[];
  /**
   * Per page bar, the index of the first melody note at or after its start: bars numbered as
   * the play-along and loop ranges number them (1-based page bars,
   * src/music/playAlong/expectedEvents.ts).
   */
  readonly barStarts: readonly number[];
}

export function tuneMelody(tune: Tune): TuneMelody {
  const degrees: number[] = [];
  const jumps: number[] = [];
  let previous = -2;
  // The tempo is irrelevant here; only the order of the melody notes is read.
  for (const event of performTune(tune).events) {
    if (event.grace) continue;
    if (event.noteIndex !== previous + 1) jumps.push(degrees.length, event.noteIndex);
    previous = event.noteIndex;
    degrees.push(scaleIndex(event.pitch));
  }
  const barStarts: number[] = [];
  let notes = 0;
  for (const bar of barsOf(tune)) {
    barStarts.push(notes);
    notes += bar.items.filter((i) => i.kind === 'note').length;
  }
  return { degrees, jumps, barStarts };
}

/** The last entry of a sorted list at or before `value` (0 when none is). */
function lastAtOrBefore(sorted: (i: number) => number, length: number, value: number): number {
  let lo = 0;
  let hi = length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted(mid) <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The notesOf(tune) index of the melody note at playing index `at` (see TuneMelody.jumps). */
export function pageNote(jumps: readonly number[], at: number): number {
  if (jumps.length === 0) return at;
  const k = lastAtOrBefore((i) => jumps[2 * i]!, jumps.length / 2, at);
  return jumps[2 * k + 1]! + (at - jumps[2 * k]!);
}

/** The 1-based page bar of melody note `noteIndex` (an index into notesOf(tune)). */
export function barOfNote(barStarts: readonly number[], noteIndex: number): number {
  // An empty bar shares its start with the next bar, which is the one that holds the note.
  if (barStarts.length === 0) return 1;
  return lastAtOrBefore((i) => barStarts[i]!, barStarts.length, noteIndex) + 1;
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
