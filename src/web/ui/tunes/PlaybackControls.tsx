import { useId, useState } from 'react';
import './playbackControls.css';
import type { TunePlayerSnapshot } from '../../../audio/tunePlayer.ts';
import type { GraceAnchor } from '../../../music/tune/graceTiming.ts';
import { MAX_BPM, MIN_BPM } from '../../../music/tune/performance.ts';

export interface PlaybackSettings {
  readonly bpm: number;
  readonly countIn: boolean;
  readonly drones: boolean;
  /** 0–1. */
  readonly droneVolume: number;
  /** Index of the part to loop, or null to play the whole tune once. */
  readonly loopPart: number | null;
  /** Where gracenotes take their time from (music/tune/graceTiming.ts). */
  readonly graceAnchor: GraceAnchor;
}

export interface PlaybackControlsProps {
  readonly state: TunePlayerSnapshot;
  readonly settings: PlaybackSettings;
  /** The tempo the file gives, if any. */
  readonly fileBpm: number | null;
  readonly partCount: number;
  readonly onChange: (settings: PlaybackSettings) => void;
  readonly onPlay: () => void;
  readonly onPause: () => void;
  readonly onStop: () => void;
}

const clampBpm = (n: number) => Math.min(MAX_BPM, Math.max(MIN_BPM, Math.round(n)));

function status(state: TunePlayerSnapshot): string {
  if (state.state === 'paused') return 'Paused';
  if (state.state === 'stopped') return 'Stopped';
  return state.countingIn ? 'Counting in…' : 'Playing';
}

/** Play/pause/stop, tempo, count-in, drones and loop a part (issue 6 'Playback'). */
export function PlaybackControls({
  state,
  settings,
  fileBpm,
  partCount,
  onChange,
  onPlay,
  onPause,
  onStop,
}: PlaybackControlsProps) {
  const id = useId();
  const set = (patch: Partial<PlaybackSettings>) => onChange({ ...settings, ...patch });
  const playing = state.state === 'playing';
  // The number field may be half typed ('1' on the way to '100'): keep the text, apply it
  // when it is a tempo in range, and show the applied tempo again on leaving the field.
  const [draft, setDraft] = useState<string | null>(null);

  return (
    <div className="sheet-controls" role="group" aria-label="Playback">
      <div className="sheet-transport">
        <button type="button" className="button" onClick={playing ? onPause : onPlay}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={onStop}
          disabled={state.state === 'stopped'}
        >
          Stop
        </button>
        <p className="sheet-status" aria-live="polite">
          {status(state)}
        </p>
      </div>

      <div className="sheet-field sheet-tempo sheet-wide">
        <label htmlFor={`${id}-bpm`}>Tempo (beats per minute)</label>
        <div className="sheet-tempo-inputs">
          <input
            id={`${id}-bpm`}
            type="range"
            min={MIN_BPM}
            max={MAX_BPM}
            value={settings.bpm}
            onChange={(e) => set({ bpm: clampBpm(Number(e.target.value)) })}
          />
          <input
            type="number"
            aria-label="Tempo in beats per minute"
            min={MIN_BPM}
            max={MAX_BPM}
            value={draft ?? settings.bpm}
            onChange={(e) => {
              setDraft(e.target.value);
              const n = Number(e.target.value);
              if (e.target.value !== '' && n >= MIN_BPM && n <= MAX_BPM) {
                set({ bpm: Math.round(n) });
              }
            }}
            onBlur={() => setDraft(null)}
          />
        </div>
        {fileBpm !== null && fileBpm !== settings.bpm && (
          <button
            type="button"
            className="sheet-link"
            onClick={() => {
              setDraft(null);
              set({ bpm: fileBpm });
            }}
          >
            Use the tune’s tempo ({fileBpm})
          </button>
        )}
      </div>

      <div className="sheet-field">
        <label className="sheet-check">
          <input
            type="checkbox"
            checked={settings.countIn}
            onChange={(e) => set({ countIn: e.target.checked })}
          />{' '}
          Count-in (one bar of clicks)
        </label>
      </div>

      <div className="sheet-field">
        <label className="sheet-check">
          <input
            type="checkbox"
            checked={settings.drones}
            onChange={(e) => set({ drones: e.target.checked })}
          />{' '}
          Drones
        </label>
        <label htmlFor={`${id}-drone-volume`}>Drone volume</label>
        <input
          id={`${id}-drone-volume`}
          type="range"
          min={0}
          max={100}
          value={Math.round(settings.droneVolume * 100)}
          disabled={!settings.drones}
          onChange={(e) => set({ droneVolume: Number(e.target.value) / 100 })}
        />
      </div>

      <div className="sheet-field">
        <label htmlFor={`${id}-graces`}>Gracenotes</label>
        <select
          id={`${id}-graces`}
          value={settings.graceAnchor}
          onChange={(e) => set({ graceAnchor: e.target.value as GraceAnchor })}
        >
          <option value="on-beat">On the beat</option>
          <option value="before-beat">Before the beat</option>
        </select>
      </div>

      {partCount > 0 && (
        <div className="sheet-field">
          <label htmlFor={`${id}-loop`}>Loop a part</label>
          <select
            id={`${id}-loop`}
            value={settings.loopPart ?? ''}
            onChange={(e) =>
              set({ loopPart: e.target.value === '' ? null : Number(e.target.value) })
            }
          >
            <option value="">No loop</option>
            {Array.from({ length: partCount }, (_, i) => (
              <option key={i} value={i}>
                Part {i + 1}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
