/**
 * The index behind find-by-playing (issue 15 item 6). Plain JSON on purpose: the server builds
 * it from the public settings, may cache it as text, and keeps it in memory; a JSON round trip
 * gives an index that answers exactly as the original (a test holds it to that).
 */
import type { Tune } from '../tune/tune.ts';
import { foldRuns, tuneMelody } from './tuneMelody.ts';

/** Bumped whenever the layout or the folding changes, so a cached index is rebuilt. */
export const FIND_INDEX_VERSION = 1;

/**
 * Length of the prefilter's n-grams, in folded notes (./tuneMelody.ts foldRuns). Three: one
 * wrong and one missing note in an 8-note fragment still leave a run of three whole in most
 * places, while 9 × 8 × 8 = 576 possible grams still tell tunes apart; four are rarer but
 * more often broken by the two mistakes. Measured with `npm run bench:findtune`.
 */
export const GRAM = 3;

export interface IndexedTune {
  readonly id: string;
  /** The caller's setting id, when it gave one. */
  readonly settingId?: string;
  /** Melody in playing order as scale-degree digits '0' (Low G) … '8' (High A). */
  readonly degrees: string;
  /** Playing order → notesOf(tune) index (./tuneMelody.ts pageNote). */
  readonly jumps: readonly number[];
  /** Per page bar, the index of its first melody note (./tuneMelody.ts). */
  readonly barStarts: readonly number[];
}

export interface FindIndex {
  readonly version: number;
  readonly gram: number;
  readonly tunes: readonly IndexedTune[];
  /** Each gram (its digits) → positions in `tunes` of the tunes that contain it, ascending. */
  readonly postings: Readonly<Record<string, readonly number[]>>;
}

export interface TuneToIndex {
  /** Returned as `tuneId`; results hold one per id, so several settings of a tune share it. */
  readonly id: string;
  /** Returned as `settingId` with the tune's best match, to tell which setting it was in. */
  readonly settingId?: string;
  readonly tune: Tune;
}

/** The distinct n-grams of a folded digit string. */
export function gramsOf(folded: string, gram: number): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + gram <= folded.length; i++) out.add(folded.slice(i, i + gram));
  return out;
}

export function buildFindIndex(tunes: readonly TuneToIndex[]): FindIndex {
  const indexed: IndexedTune[] = [];
  const postings: Record<string, number[]> = {};
  for (const { id, settingId, tune } of tunes) {
    const melody = tuneMelody(tune);
    const degrees = melody.degrees.join('');
    const at = indexed.length;
    indexed.push({
      id,
      ...(settingId === undefined ? {} : { settingId }),
      degrees,
      jumps: melody.jumps,
      barStarts: melody.barStarts,
    });
    for (const g of gramsOf(foldRuns(degrees), GRAM)) (postings[g] ??= []).push(at);
  }
  return { version: FIND_INDEX_VERSION, gram: GRAM, tunes: indexed, postings };
}
