/**
 * Find a tune by playing it (issue 15 item 6): the public settings whose melody holds the
 * played notes, best first. The one door to the matcher: for now the best local alignment
 * (Smith–Waterman: +1 a note that matches, −1 a wrong, missing or extra note) of the query
 * against every public setting's melody — exact, and fast enough for hundreds of tunes. The
 * indexed matcher (src/music/findTune/) takes its place behind this same function.
 *
 * Where in the tune the fragment starts does not matter (local alignment); tempo and grace
 * notes do not either (melody pitches only, no durations).
 */
import type { Pitch } from '../../../music/notes.ts';
import { scaleIndex } from '../../../music/notes.ts';
import type { Database } from '../../db/client.ts';
import { melodyIndex } from './melodyIndex.ts';

export interface FoundSetting {
  readonly settingId: string;
  /** Best alignment score over the query's length: 1 when every note matched in a row. */
  readonly score: number;
  /** Index in the setting's melody where the matched fragment starts (0-based). */
  readonly start: number;
}

/** Best local alignment of `query` inside `melody`: its score and where it starts. */
export function bestLocalAlignment(
  query: readonly number[],
  melody: ArrayLike<number>,
): { score: number; start: number } {
  const n = query.length;
  // One row over the query; each cell keeps its score and where its alignment began.
  let score = new Int32Array(n + 1);
  let from = new Int32Array(n + 1);
  let nextScore = new Int32Array(n + 1);
  let nextFrom = new Int32Array(n + 1);
  let best = 0;
  let bestStart = 0;
  for (let j = 1; j <= melody.length; j++) {
    const note = melody[j - 1];
    nextScore[0] = 0;
    nextFrom[0] = j;
    for (let i = 1; i <= n; i++) {
      const diagonal = (score[i - 1] ?? 0) + (query[i - 1] === note ? 1 : -1);
      const skipMelody = (score[i] ?? 0) - 1;
      const skipQuery = (nextScore[i - 1] ?? 0) - 1;
      let value = 0;
      let start = j;
      if (diagonal > value) {
        value = diagonal;
        start = (score[i - 1] ?? 0) > 0 ? (from[i - 1] ?? j - 1) : j - 1;
      }
      if (skipMelody > value) {
        value = skipMelody;
        start = from[i] ?? j;
      }
      if (skipQuery > value) {
        value = skipQuery;
        start = nextFrom[i - 1] ?? j;
      }
      nextScore[i] = value;
      nextFrom[i] = start;
      if (value > best) {
        best = value;
        bestStart = start;
      }
    }
    [score, nextScore] = [nextScore, score];
    [from, nextFrom] = [nextFrom, from];
  }
  return { score: best, start: bestStart };
}

/**
 * Below this share of the query (matches less mismatches and gaps) a setting is no answer: one
 * wrong and one dropped note in eight notes still scores 0.5; chance runs of two or three
 * notes that any long tune has score less.
 */
export const MIN_FIND_SCORE = 0.4;

export async function findInLibrary(
  database: Database,
  pitches: readonly Pitch[],
  limit: number,
): Promise<FoundSetting[]> {
  const query = pitches.map(scaleIndex);
  const index = await melodyIndex(database);
  const found: FoundSetting[] = [];
  for (const melody of index.melodies) {
    const { score, start } = bestLocalAlignment(query, melody.pitches);
    if (score / query.length < MIN_FIND_SCORE) continue;
    found.push({ settingId: melody.settingId, score: score / query.length, start });
  }
  return found.sort((a, b) => b.score - a.score).slice(0, limit);
}
