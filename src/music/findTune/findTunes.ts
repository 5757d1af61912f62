/**
 * Find a tune by playing it (issue 15 item 6): played pitches in, the tunes that contain that
 * melody out, best first, each with where the match begins. Tolerant to a wrong, a missing and
 * an extra note (./alignFragment.ts), to where in the tune the fragment starts, to tempo (only
 * pitches are compared), to held or repeated notes (./tuneMelody.ts folds them) and to grace
 * notes (./playedPitches.ts drops them from heard notes; a stray one is one extra note).
 *
 * Two steps, so 10,000 tunes stay fast (`npm run bench:findtune`): an n-gram prefilter
 * (./prefilter.ts) ranks the tunes, and only the best CANDIDATES are aligned note by note.
 */
import { scaleIndex, type Pitch } from '../notes.ts';
import { alignFragment, EDIT } from './alignFragment.ts';
import type { FindIndex } from './findIndex.ts';
import { prefilter } from './prefilter.ts';
import { barOfNote, pageNote } from './tuneMelody.ts';

/** Notes a piper is asked for before a search (issue 15 item 6: 'eight or more notes'). */
export const MIN_QUERY_NOTES = 8;

/**
 * The fewest notes findTunes takes: fewer than MIN_QUERY_NOTES, because the detector may hear
 * a repeated note as one (./alignFragment.ts) or drop a short melody note as a grace, so eight
 * notes played can arrive as six or seven.
 */
export const MIN_FIND_NOTES = 6;

/** Tunes aligned note by note after the prefilter. */
export const CANDIDATES = 200;

/**
 * Results must keep at least this share of the fragment: below it a 'match' is as much
 * mistakes as melody. One wrong and one missing note in 8 notes still scores 0.71.
 */
export const MIN_SCORE = 0.5;

/**
 * Only the last notes count when a piper plays on and on: the alignment costs grow with the
 * fragment's length, and 32 notes pick out any tune.
 */
export const MAX_QUERY_NOTES = 32;

export interface FindResult {
  readonly tuneId: string;
  /** The setting the match is in, when the index was given setting ids. */
  readonly settingId?: string;
  /**
   * 1 = every played note in place; each wrong, missing or extra note of n played takes 1/n
   * off, a repeated note played once or twice a quarter of that (./alignFragment.ts).
   */
  readonly score: number;
  /** Index into notesOf(tune) (of that setting) of the melody note where the match begins. */
  readonly startIndex: number;
  /** 1-based page bar of that note. */
  readonly bar: number;
}

export interface FindOptions {
  /** Most results returned (default 10). */
  readonly limit?: number;
}

/** Played pitches as the index compares them: scale-degree digits, the last MAX_QUERY_NOTES. */
export function queryDegrees(pitches: readonly Pitch[]): string {
  return pitches
    .slice(-MAX_QUERY_NOTES)
    .map((p) => String(scaleIndex(p)))
    .join('');
}

export function findTunes(
  index: FindIndex,
  pitches: readonly Pitch[],
  options: FindOptions = {},
): FindResult[] {
  const limit = options.limit ?? 10;
  if (pitches.length < MIN_FIND_NOTES || limit <= 0) return [];
  const query = queryDegrees(pitches);
  const maxCost = Math.floor(EDIT * query.length * (1 - MIN_SCORE));
  // Best fit per tune id (several settings may share one id); ties keep the prefilter's order.
  const best = new Map<string, { cost: number; order: number; result: FindResult }>();
  // Costs of `best`, ascending: once `limit` tunes are in, a later tune must beat the last
  // of them (a tie loses on order), so its alignment may stop as soon as it cannot.
  const costs: number[] = [];
  for (const at of prefilter(index, query, CANDIDATES)) {
    const tune = index.tunes[at]!;
    const bound = costs.length >= limit ? Math.min(maxCost, costs[limit - 1]! - 1) : maxCost;
    const fit = alignFragment(query, tune.degrees, bound);
    if (!fit) continue;
    const kept = best.get(tune.id);
    if (kept && kept.cost <= fit.cost) continue;
    if (kept) costs.splice(costs.indexOf(kept.cost), 1);
    const place = costs.findIndex((c) => c > fit.cost);
    costs.splice(place < 0 ? costs.length : place, 0, fit.cost);
    const start = pageNote(tune.jumps, Math.min(fit.start, Math.max(0, tune.degrees.length - 1)));
    best.set(tune.id, {
      cost: fit.cost,
      order: kept?.order ?? best.size,
      result: {
        tuneId: tune.id,
        ...(tune.settingId === undefined ? {} : { settingId: tune.settingId }),
        score: 1 - fit.cost / (EDIT * query.length),
        startIndex: start,
        bar: barOfNote(tune.barStarts, start),
      },
    });
  }
  return [...best.values()]
    .sort((a, b) => a.cost - b.cost || a.order - b.order)
    .slice(0, limit)
    .map((b) => b.result);
}
