/**
 * A stored setting as React state (DESIGN habit 5: subscribe/getSnapshot through
 * useSyncExternalStore). The snapshot is the raw stored text, stable between changes; a change
 * in another tab arrives as a `storage` event and re-renders with the newer value.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { KeyDef } from './keys.ts';
import { settingsStore, type SettingsStore } from './settingsStore.ts';

export function useStoredValue<T>(
  def: KeyDef<T>,
  store: SettingsStore = settingsStore(),
): [T, (value: T) => boolean] {
  const raw = useSyncExternalStore(
    store.subscribe,
    () => store.raw(def.key),
    () => null,
  );
  // read() parses the text just taken as the snapshot.
  // No text is the default: so it is while React hydrates the prerendered first view, which
  // has no storage (issue 21.1), even when this browser has a value stored.
  const value = useMemo(() => (raw === null ? def.fallback : store.read(def)), [raw, store, def]);
  const set = useCallback((next: T) => store.write(def, next), [store, def]);
  return [value, set];
}
