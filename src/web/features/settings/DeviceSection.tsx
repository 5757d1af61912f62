import { GAIN_MAX, GAIN_MIN, GAIN_STEP, clampGain } from '../../../music/chanter.ts';
import { audioInputName } from '../../lib/mediaDevices.ts';
import { KEYBOARD_CHANTER, STANDARD_CHANTER, keys } from '../../storage/keys.ts';
import { selectChanter } from '../../storage/selectChanter.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { useMicrophones } from './useMicrophones.ts';

const DEFAULT_DEVICE = '';

/**
 * Spec §2.3 Settings: the microphone and chanter selects, and the input gain every listening
 * screen uses (spec §3 'global gain', default 3; issue 22 item 12: the piper's settings first).
 */
export function DeviceSection() {
  const { devices, loading, refresh } = useMicrophones();
  const [microphone, setMicrophone] = useStoredValue(keys.microphone);
  const [storedGain, setGain] = useStoredValue(keys.gain);
  const gain = clampGain(storedGain);
  const [chanter] = useStoredValue(keys.chanterName);
  const [instrument, setInstrument] = useStoredValue(keys.instrument);
  const [customChanters] = useStoredValue(keys.customChanters);
  const chanterNames = [STANDARD_CHANTER, KEYBOARD_CHANTER, ...customChanters.map((c) => c.name)];
  const missing = microphone !== null && !devices.some((d) => d.deviceId === microphone);

  return (
    <section className="card settings-card" aria-labelledby="settings-devices">
      <h2 id="settings-devices">Microphone and chanter</h2>
      <div className="settings-field">
        <label htmlFor="settings-microphone">Microphone</label>
        <div className="settings-row">
          <select
            id="settings-microphone"
            value={devices.length === 0 ? DEFAULT_DEVICE : (microphone ?? DEFAULT_DEVICE)}
            disabled={devices.length === 0}
            onChange={(e) =>
              setMicrophone(e.target.value === DEFAULT_DEVICE ? null : e.target.value)
            }
          >
            {devices.length === 0 ? (
              <option value={DEFAULT_DEVICE}>
                {loading ? 'Looking for microphones…' : 'No devices found'}
              </option>
            ) : (
              <>
                <option value={DEFAULT_DEVICE}>System default</option>
                {missing && <option value={microphone}>Saved microphone (not connected)</option>}
                {devices.map((d) => (
                  <option key={d.deviceId} value={d.deviceId}>
                    {audioInputName(d)}
                  </option>
                ))}
              </>
            )}
          </select>
          <button type="button" className="button secondary" onClick={refresh}>
            Refresh
          </button>
        </div>
        <p className="settings-hint">
          Browsers show microphone names once you have allowed microphone access on a practice
          screen.
        </p>
      </div>
      <div className="settings-field">
        <div className="settings-row settings-gain-head">
          <label htmlFor="settings-gain">Input gain</label>
          <output htmlFor="settings-gain">{gain.toFixed(1)}</output>
        </div>
        <input
          id="settings-gain"
          type="range"
          min={GAIN_MIN}
          max={GAIN_MAX}
          step={GAIN_STEP}
          value={gain}
          aria-describedby="settings-gain-hint"
          onChange={(e) => setGain(Number(e.target.value))}
        />
        <p id="settings-gain-hint" className="settings-hint">
          Raise it if a quiet chanter is not heard; lower it if notes jump about. Microphone Help
          shows the wave as you play.
        </p>
      </div>
      <fieldset
        className="settings-field settings-instrument"
        aria-describedby="settings-instrument-hint"
      >
        <legend>I am playing</legend>
        <label>
          <input
            type="radio"
            name="settings-instrument"
            value="chanter"
            checked={instrument === 'chanter'}
            onChange={() => setInstrument('chanter')}
          />{' '}
          A practice chanter
        </label>
        <label>
          <input
            type="radio"
            name="settings-instrument"
            value="pipes"
            checked={instrument === 'pipes'}
            onChange={() => setInstrument('pipes')}
          />{' '}
          The pipes, drones going
        </label>
        <p id="settings-instrument-hint" className="settings-hint">
          On the pipes the app finds your drones&apos; pitch as you play and takes them out, so the
          chanter notes are heard clearly. Leave the app&apos;s own drones off.
        </p>
      </fieldset>
      <div className="settings-field">
        <label htmlFor="settings-chanter">Chanter</label>
        <select
          id="settings-chanter"
          value={chanterNames.includes(chanter) ? chanter : STANDARD_CHANTER}
          onChange={(e) => selectChanter(settingsStore(), e.target.value)}
        >
          {chanterNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <p className="settings-hint">
          Standard suits most chanters, Keyboard plays notes from your computer keyboard, and
          chanters you save in Chanter Sync appear here too.
        </p>
      </div>
    </section>
  );
}
