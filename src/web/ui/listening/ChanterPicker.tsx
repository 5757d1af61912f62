import { useId } from 'react';
import { KEYBOARD_CHANTER, STANDARD_CHANTER, keys } from '../../storage/keys.ts';
import { selectChanter } from '../../storage/selectChanter.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';

/**
 * The chanter (and so the input) a listening screen uses: Standard, Keyboard, plus the saved
 * custom chanters (spec §2.3 Settings 'Chanter select', §3 'Chanter'). It writes the global
 * choice, name and id together (spec §5 'Storage'), so Settings and every screen agree;
 * Keyboard switches useNoteInput to the keyboard chanter, any other to the microphone.
 */
export function ChanterPicker({ label = 'Chanter' }: { label?: string }) {
  const id = useId();
  const [name] = useStoredValue(keys.chanterName);
  const [customs] = useStoredValue(keys.customChanters);
  const names = [STANDARD_CHANTER, KEYBOARD_CHANTER, ...customs.map((c) => c.name)];
  return (
    <div className="listening-picker">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={names.includes(name) ? name : STANDARD_CHANTER}
        onChange={(e) => selectChanter(settingsStore(), e.target.value)}
      >
        {names.map((n) => (
          <option key={n} value={n}>
            {n === KEYBOARD_CHANTER ? 'Keyboard (no microphone)' : n}
          </option>
        ))}
      </select>
    </div>
  );
}
