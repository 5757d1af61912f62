/**
 * What the leaderboard needs from this browser's local records (spec §2.3 'Leader board';
 * §3 'Local user id', `blaster_high_score`, `BlasterLevel`). A feature never touches Web
 * Storage: src/web/app injects an implementation over the settings store (src/web/storage).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

export interface LocalScores {
  /** The stored local user id (UUID v4), or null when this browser has none yet. */
  localUserId(): string | null;
  /** `blaster_high_score`, or null when absent. */
  bestScore(): number | null;
  /** `BlasterLevel`, or null when absent. */
  level(): number | null;
  /** Calls `listener` when any of them may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Nothing stored: what a browser that never played sees. */
export const noLocalScores: LocalScores = {
  localUserId: () => null,
  bestScore: () => null,
  level: () => null,
  subscribe: () => () => {},
};

export const LocalScoresContext = createContext<LocalScores>(noLocalScores);

export interface LocalScoresSnapshot {
  readonly localUserId: string | null;
  readonly bestScore: number | null;
  readonly level: number | null;
}

/** The local records as React state (DESIGN habit 5). */
export function useLocalScores(): LocalScoresSnapshot {
  const source = useContext(LocalScoresContext);
  const localUserId = useSyncExternalStore(source.subscribe, source.localUserId, () => null);
  const bestScore = useSyncExternalStore(source.subscribe, source.bestScore, () => null);
  const level = useSyncExternalStore(source.subscribe, source.level, () => null);
  return { localUserId, bestScore, level };
}
