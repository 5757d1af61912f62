/**
 * Which chanter every listener (tuner, chanter test, flash cards, games) measures against: the one selected in Settings (spec §3 'Chanter';
 * the keyboard chanter sounds standard). A custom chanter whose stored frequencies are
 * unusable falls back to Standard rather than mistuning every note.
 */
import {
  KEYBOARD_CHANTER_ID,
  STANDARD_CHANTER,
  chanterProblem,
  type Chanter,
} from '../../music/chanter.ts';
import type { CustomChanter } from '../storage/keys.ts';

export function activeChanter(id: string, customs: readonly CustomChanter[]): Chanter {
  const custom = customs.find((c) => c.id === id);
  if (custom?.frequencies && !chanterProblem(custom.frequencies)) {
    return { id: custom.id, name: custom.name, frequencies: [...custom.frequencies] };
  }
  return STANDARD_CHANTER;
}

export const isKeyboardChanter = (id: string) => id === KEYBOARD_CHANTER_ID;
