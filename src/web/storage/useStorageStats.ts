import { useMemo, useSyncExternalStore } from 'react';
import { createSettingsStore, settingsStore, type SettingsStore } from './settingsStore.ts';
import { storageStats, type StorageStats } from './storageHealth.ts';

let emptyStats: string | undefined;
/** An empty storage's stats: what the prerendered first view shows and hydrates (issue 21.1). */
function serverSnapshot(): string {
  emptyStats ??= JSON.stringify(storageStats(createSettingsStore(null)));
  return emptyStats;
}

/**
 * Live storage stats. The snapshot is the stats as JSON text: a string compares by value, so
 * React re-renders exactly when usage changed, even for writes made before it subscribed.
 */
export function useStorageStats(store: SettingsStore = settingsStore()): StorageStats {
  const text = useSyncExternalStore(
    store.subscribe,
    () => JSON.stringify(storageStats(store)),
    serverSnapshot,
  );
  return useMemo(() => JSON.parse(text) as StorageStats, [text]);
}
