import { useId, useState } from 'react';
import { notes } from '../../../music/notes.ts';
import { activeChanter } from '../../lib/activeChanter.ts';
import { reportError } from '../../lib/monitoring.ts';
import { useNotePlayer, type CreateNotePlayer } from '../../lib/useNotePlayer.ts';
import { keys } from '../../storage/keys.ts';
import type { SettingsStore } from '../../storage/settingsStore.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { browserDrones, useDrones, type CreateDrones } from './useDrones.ts';
import './basicNotes.css';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';

/** Spec §9 'Basic note length: 1 s unless continuous' (R-9.CONST-15). */
export const BASIC_NOTE_SECONDS = 1;
/** Spec §9 'Drone volume: 0 to 1, step 0.01, default 0.5' (R-9.CONST-16). */
export const DRONE_VOLUME_DEFAULT = 0.5;
/** Spec §8 'Audio' (R-8.AUDIO-01), verbatim. */
export const PLAY_FAILED = 'Failed to play note';

export interface BasicNotesScreenProps {
  /** Test seams; the page uses the shared audio context. */
  readonly createPlayer?: CreateNotePlayer;
  readonly createDrones?: CreateDrones;
  readonly store?: SettingsStore;
}

/**
 * Basic Notes (spec §2.3, §4 'Basic notes', §9): one button per note of the selected chanter,
 * played as a sine or the synthesized chanter, over optional drones, for 1 s or continuously
 * (clicking the sounding note then stops it, R-4.BASIC-01). Simulate Chanter starts ticked
 * and is remembered (issue 22 item 12: a learner should first hear a chanter, not a sine).
 */
export default function BasicNotesScreen({
  createPlayer,
  createDrones = browserDrones,
  store,
}: BasicNotesScreenProps) {
  const [chanterId] = useStoredValue(keys.chanterId, store);
  const [customs] = useStoredValue(keys.customChanters, store);
  const chanter = activeChanter(chanterId, customs);
  const { player, sounding } = useNotePlayer(createPlayer);
  // Issue 18 item 2: the visit is a session from its first note; each note played counts.
  const [plays, setPlays] = useState(0);
  usePracticeSession('basicNotes', plays > 0, { details: { notesPlayed: plays } });
  const [voice, setVoice] = useStoredValue(keys.basicNotes, store);
  const simulate = voice.simulateChanter;
  const [continuous, setContinuous] = useState(false);
  const [volume, setVolume] = useState(DRONE_VOLUME_DEFAULT);
  const [error, setError] = useState<string | null>(null);
  const drones = useDrones(createDrones, chanter.frequencies[1] ?? 480, volume);
  const volumeId = useId();

  const playNote = (hz: number) => {
    setError(null);
    if (continuous && sounding === hz) {
      player.stop();
      return;
    }
    setPlays((n) => n + 1);
    try {
      player.play(hz, continuous ? null : BASIC_NOTE_SECONDS, simulate ? 'chanter' : 'sine');
    } catch (e) {
      reportError(e, { source: 'basic-notes' });
      setError(PLAY_FAILED);
    }
  };

  return (
    <section className="page basic-notes" aria-labelledby="basic-notes-title">
      <h1 id="basic-notes-title">Basic Notes</h1>
      <p className="basic-notes__lead">
        Hear each note of the {chanter.name} chanter, on its own or over the drones.
      </p>
      <fieldset className="basic-notes__options">
        <legend>Options</legend>
        <label>
          <input
            type="checkbox"
            checked={simulate}
            onChange={(e) => setVoice({ ...voice, simulateChanter: e.target.checked })}
          />
          Simulate Chanter
        </label>
        <label>
          <input
            type="checkbox"
            checked={drones.on}
            onChange={(e) => {
              if (!drones.setOn(e.target.checked)) setError(PLAY_FAILED);
            }}
          />
          Include Drones
        </label>
        <label>
          <input
            type="checkbox"
            checked={continuous}
            onChange={(e) => {
              setContinuous(e.target.checked);
              // A continuous note would otherwise sound on with no button to stop it.
              if (!e.target.checked) player.stop();
            }}
          />
          Continuous Play
        </label>
      </fieldset>
      {drones.on && (
        <div className="basic-notes__volume">
          <label htmlFor={volumeId}>Drone volume</label>
          <input
            id={volumeId}
            type="range"
            min={0}
            max={1}
            step={0.01}
            value={volume}
            aria-valuetext={`${Math.round(volume * 100)}%`}
            onChange={(e) => setVolume(Number(e.target.value))}
          />
          <output htmlFor={volumeId}>{Math.round(volume * 100)}%</output>
        </div>
      )}
      <ul className="basic-notes__grid" aria-label="Notes">
        {notes.map((n, i) => {
          const hz = chanter.frequencies[i] ?? n.frequency;
          const playing = sounding === hz;
          return (
            <li key={n.pitch}>
              <button
                type="button"
                className="basic-notes__note"
                aria-pressed={playing}
                aria-label={n.name}
                onClick={() => playNote(hz)}
              >
                <span className="basic-notes__name">{n.name}</span>
                <span className="basic-notes__hz">{hz.toFixed(0)} Hz</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="basic-notes__status" role="status">
        {sounding !== null
          ? `Playing ${notes[chanter.frequencies.indexOf(sounding)]?.name ?? ''}${continuous ? ': click it again to stop.' : '.'}`
          : ' '}
      </p>
      {error && (
        <p className="basic-notes__error" role="alert">
          {error}
        </p>
      )}
      <p className="basic-notes__disclaimer">
        These tones are synthesized. A real chanter and drones sound richer, and your own chanter
        may be pitched a little differently.
      </p>
    </section>
  );
}
