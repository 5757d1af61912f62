/**
 * Choosing a chanter stores its name and syncs its id (spec §5 'Storage'): Standard and
 * Keyboard have fixed ids; a custom name looks its id up in the saved chanters list.
 */
import { builtInChanterIds, keys } from './keys.ts';
import type { SettingsStore } from './settingsStore.ts';

/** The id of a chanter name, or null for an unknown custom name. */
export function chanterIdOf(store: SettingsStore, name: string): string | null {
  const builtIn = builtInChanterIds[name];
  if (builtIn) return builtIn;
  return store.read(keys.customChanters).find((c) => c.name === name)?.id ?? null;
}

/** Stores the name and its id; false (and nothing stored) for an unknown custom name. */
export function selectChanter(store: SettingsStore, name: string): boolean {
  const id = chanterIdOf(store, name);
  if (id === null) return false;
  return store.write(keys.chanterName, name) && store.write(keys.chanterId, id);
}
