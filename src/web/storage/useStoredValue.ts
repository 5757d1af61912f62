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
  // `raw` is the dependency on purpose: read() parses the text just taken as the snapshot.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const value = useMemo(() => store.read(def), [raw, store, def]);
  const set = useCallback((next: T) => store.write(def, next), [store, def]);
  return [value, set];
}
