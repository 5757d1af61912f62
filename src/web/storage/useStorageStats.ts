import { useMemo, useSyncExternalStore } from 'react';
import { settingsStore, type SettingsStore } from './settingsStore.ts';
import { storageStats, type StorageStats } from './storageHealth.ts';

/**
 * Live storage stats. The snapshot is the stats as JSON text: a string compares by value, so
 * React re-renders exactly when usage changed, even for writes made before it subscribed.
 */
export function useStorageStats(store: SettingsStore = settingsStore()): StorageStats {
  const text = useSyncExternalStore(
    store.subscribe,
    () => JSON.stringify(storageStats(store)),
    () => JSON.stringify(storageStats(store)),
  );
  return useMemo(() => JSON.parse(text) as StorageStats, [text]);
}
