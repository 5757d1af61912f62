import { keys } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';

/**
 * Practice defaults (issue 22 item 12): the drones and count-in tune playback starts with.
 * The same stored record Sheet Music reads and writes (keys.sheetMusicPreferences), so a change
 * here shows there and the other way round.
 */
export function PracticeSection() {
  const [prefs, setPrefs] = useStoredValue(keys.sheetMusicPreferences);
  return (
    <section className="card settings-card" aria-labelledby="settings-practice">
      <h2 id="settings-practice">Practice defaults</h2>
      <p className="settings-hint">How tune playback on Sheet Music starts.</p>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={prefs.drones}
          onChange={(e) => setPrefs({ ...prefs, drones: e.target.checked })}
        />
        Play drones with tunes
      </label>
      <div className="settings-field">
        <div className="settings-row settings-gain-head">
          <label htmlFor="settings-drone-volume">Drone volume</label>
          <output htmlFor="settings-drone-volume">{Math.round(prefs.droneVolume * 100)}%</output>
        </div>
        <input
          id="settings-drone-volume"
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={prefs.droneVolume}
          onChange={(e) => setPrefs({ ...prefs, droneVolume: Number(e.target.value) })}
        />
      </div>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={prefs.countIn}
          onChange={(e) => setPrefs({ ...prefs, countIn: e.target.checked })}
        />
        Count in one bar of clicks before a tune
      </label>
    </section>
  );
}
