import type { Hz } from '../../../music/notes.ts';
import { KEYBOARD_CHANTER, STANDARD_CHANTER, keys } from '../../storage/keys.ts';
import { selectChanter } from '../../storage/selectChanter.ts';
import type { SettingsStore } from '../../storage/settingsStore.ts';

/** Why a chanter name cannot be used (spec gives no words: ours), or null. */
export function chanterNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give your chanter a name.';
  if (trimmed.length > 40) return 'Keep the name to 40 characters or fewer.';
  if (trimmed === STANDARD_CHANTER || trimmed === KEYBOARD_CHANTER) {
    return `${trimmed} is a built-in chanter: choose another name.`;
  }
  return null;
}

/**
 * 'Save Notes' (issue 4 point 6; spec §3 'Chanter': a name, 9 frequencies, its own id):
 * stores the chanter in the custom chanters list and selects it (name and id, spec §5
 * 'Storage'). Saving under a name already in the list recalibrates that chanter, keeping
 * its id, so a piper who redoes Chanter Sync does not collect duplicates.
 */
export function saveChanter(
  store: SettingsStore,
  name: string,
  frequencies: readonly Hz[],
  newId: () => string,
): { id: string } {
  const trimmed = name.trim();
  const customs = store.read(keys.customChanters);
  const existing = customs.find((c) => c.name === trimmed);
  const id = existing?.id ?? newId();
  const entry = {
    id,
    name: trimmed,
    frequencies: frequencies.map((f) => Math.round(f * 100) / 100),
  };
  const next = existing ? customs.map((c) => (c.id === id ? entry : c)) : [...customs, entry];
  if (!store.write(keys.customChanters, next)) throw new Error('Could not save the chanter.');
  selectChanter(store, trimmed);
  return { id };
}
