/**
 * The local history of play-along runs (issue 14 item 4: 'the run saved to a local history
 * (latest 200 runs) that a later issue charts'). One small record per run: what was played,
 * how, and the review's counts per bar and per embellishment family (../../music/playAlong/
 * runSummary.ts). The name contains 'history', so it is disposable under a full quota (spec §4
 * 'Storage recovery'): losing old practice records is better than losing settings.
 */
import type { BarSummary, FamilySummary } from '../../music/playAlong/runSummary.ts';

export interface PlayAlongRunRecord {
  /** ms since the epoch. */
  readonly date: number;
  /** Library id, or the file name for a piper's own file. */
  readonly tuneId: string;
  readonly title: string;
  readonly mode: 'play' | 'wait';
  readonly bpm: number;
  readonly difficulty: 'relaxed' | 'standard' | 'strict';
  readonly melodyAccuracy: number;
  readonly bars: readonly BarSummary[];
  readonly families: readonly FamilySummary[];
}

export const MAX_RUNS = 200;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isRun(v: unknown): boolean {
  return (
    isObject(v) &&
    Number.isFinite(v.date) &&
    typeof v.tuneId === 'string' &&
    typeof v.title === 'string' &&
    (v.mode === 'play' || v.mode === 'wait') &&
    Number.isFinite(v.bpm) &&
    (v.difficulty === 'relaxed' || v.difficulty === 'standard' || v.difficulty === 'strict') &&
    Number.isFinite(v.melodyAccuracy) &&
    Array.isArray(v.bars) &&
    Array.isArray(v.families)
  );
}

export function isPlayAlongHistory(v: unknown): boolean {
  return Array.isArray(v) && v.length <= MAX_RUNS && v.every(isRun);
}

/** The history with `run` added, newest last, the oldest dropped past MAX_RUNS. */
export function addRun(
  history: readonly PlayAlongRunRecord[],
  run: PlayAlongRunRecord,
): PlayAlongRunRecord[] {
  return [...history.filter(isRun), run].slice(-MAX_RUNS);
}
