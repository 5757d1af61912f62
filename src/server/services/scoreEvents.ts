/**
 * 'The scores changed' for one database, inside this process: the leaderboard's response cache
 * listens (routes/scores.ts). Other instances see new scores when their short cache expires
 * (docs/decisions/008-score-integrity.md, 'Live updates').
 */
import type { Database } from '../db/client.ts';

const listeners = new WeakMap<Database, Set<() => void>>();

export function onScoresChanged(database: Database, listener: () => void): () => void {
  let set = listeners.get(database);
  if (!set) {
    set = new Set();
    listeners.set(database, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export function scoresChanged(database: Database): void {
  listeners.get(database)?.forEach((listener) => listener());
}
