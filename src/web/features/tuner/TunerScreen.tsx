import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { centsBetween } from '../../../music/chanter.ts';
import { noteOf, scaleIndex } from '../../../music/notes.ts';
import { droneChanter, justFrequencies, lowAOf } from '../../../music/tunerReference.ts';
import { activeChanter } from '../../lib/activeChanter.ts';
import { useNoteInput } from '../../lib/useNoteInput.ts';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';
import { keys } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { CentsMeter, IN_TUNE, centsText } from '../../ui/listening/CentsMeter.tsx';
import { KeyboardHint } from '../../ui/listening/KeyboardHint.tsx';
import { MicrophoneErrorPanel } from '../../ui/listening/MicrophoneErrorPanel.tsx';
import { useDrones } from '../../ui/listening/useDrones.ts';
import './tuner.css';

/** What the needle measures against (issue 4 point 8). */
export type TunerReference = 'chanter' | 'just' | 'drones';

interface Target {
  readonly name: string;
  readonly hz: number;
  readonly cents: number;
}

/**
 * Tuner (issue 4 point 8; spec §2.1 /tuner): the note heard, its Hz and a cents needle,
 * measured against the selected chanter, against just intonation on the piper's own Low A
 * (src/music/tunerReference.ts), or, in drone mode, the bass and tenor drones against that
 * Low A; from the microphone or the keyboard chanter (spec §4, §5).
 */
export default function TunerScreen() {
  const [chanterId] = useStoredValue(keys.chanterId);
  const [customs] = useStoredValue(keys.customChanters);
  const own = useMemo(() => activeChanter(chanterId, customs), [chanterId, customs]);
  const lowA = lowAOf(own);
  const [reference, setReference] = useState<TunerReference>('chanter');
  const droneMode = reference === 'drones';
  const drones = useMemo(() => droneChanter(lowA), [lowA]);
  const tuner = useNoteInput({
    microphoneDialogs: true,
    ...(droneMode ? { chanter: drones } : {}),
  });
  const { reading, input } = tuner;
  // Issue 18 item 2: listening is a tuning session.
  usePracticeSession('tuner', tuner.listening, { noteEvents: tuner.noteEvents });
  const referenceId = useId();
  // Tuning the chanter to the app's own drones, as pipers tune to theirs; the engine
  // cancels them from the microphone.
  const appDrones = useDrones(lowA, tuner.setDrones);
  const { stop: stopDrones } = appDrones;
  useEffect(() => {
    if (droneMode) stopDrones();
  }, [droneMode, stopDrones]);

  // Drone mode listens for other pitches (configured at start): restart if listening.
  const { start, stop, listening } = tuner;
  const modeWas = useRef(droneMode);
  useEffect(() => {
    if (modeWas.current === droneMode) return;
    modeWas.current = droneMode;
    if (listening && input === 'microphone') {
      stop();
      start();
    }
  }, [droneMode, listening, input, start, stop]);

  let target: Target | null = null;
  if (reading.note && reading.hz !== null) {
    const i = scaleIndex(reading.note);
    if (droneMode) {
      const bass = lowA / 4;
      const tenor = lowA / 2;
      const toBass = centsBetween(reading.hz, bass);
      const toTenor = centsBetween(reading.hz, tenor);
      target =
        Math.abs(toBass) <= Math.abs(toTenor)
          ? { name: 'Bass drone', hz: bass, cents: toBass }
          : { name: 'Tenor drone', hz: tenor, cents: toTenor };
    } else if (reference === 'just') {
      const hz = justFrequencies(lowA)[i]!;
      target = { name: noteOf(reading.note).name, hz, cents: centsBetween(reading.hz, hz) };
    } else if (reading.cents !== null) {
      const hz = tuner.chanter.frequencies[i]!;
      target = { name: noteOf(reading.note).name, hz, cents: reading.cents };
    }
  }
  const starting = reading.status === 'starting';
  const inTune = target !== null && Math.abs(target.cents) <= IN_TUNE;

  const lead = droneMode
    ? `Sound one drone at a time. The needle shows how far it is from the ${own.name} chanter's Low A (${lowA.toFixed(0)} Hz): the bass two octaves below (${(lowA / 4).toFixed(1)} Hz), the tenors one octave below (${(lowA / 2).toFixed(1)} Hz).`
    : reference === 'just'
      ? `Play one note and hold it. The needle shows how far it is from just intonation on the ${own.name} chanter's Low A (${lowA.toFixed(0)} Hz), the tuning that agrees with the drones.`
      : `Play one note and hold it. The needle shows how far it is from the ${own.name} chanter's note: right of centre is sharp, left is flat.`;

  return (
    <section className="page tuner" aria-labelledby="tuner-title">
      <h1 id="tuner-title">Tuner</h1>
      <p className="tuner-lead">{lead}</p>

      <div className="tuner-controls">
        <div className="tuner-input" role="group" aria-label="Input">
          <button
            type="button"
            className="button secondary"
            aria-pressed={input === 'microphone'}
            onClick={() => tuner.setInput('microphone')}
          >
            Microphone
          </button>
          <button
            type="button"
            className="button secondary"
            aria-pressed={input === 'keyboard'}
            onClick={() => {
              if (droneMode) setReference('chanter');
              tuner.setInput('keyboard');
            }}
          >
            Keyboard chanter
          </button>
        </div>
        <div className="tuner-reference">
          <label htmlFor={referenceId}>Tune against</label>
          <select
            id={referenceId}
            value={reference}
            onChange={(e) => setReference(e.target.value as TunerReference)}
          >
            <option value="chanter">{own.name} chanter</option>
            <option value="just">Just intonation on your Low A</option>
            <option value="drones" disabled={input === 'keyboard'}>
              Drones (bass and tenors)
            </option>
          </select>
        </div>
        <div className="tuner-actions">
          <button
            type="button"
            className="button secondary"
            aria-pressed={appDrones.playing}
            onClick={appDrones.toggle}
            disabled={droneMode}
          >
            Play drones
          </button>
          {tuner.listening ? (
            <button type="button" className="button" onClick={tuner.stop}>
              Stop listening
            </button>
          ) : (
            <button type="button" className="button" onClick={tuner.start}>
              Start listening
            </button>
          )}
        </div>
      </div>

      {input === 'keyboard' && <KeyboardHint />}
      <MicrophoneErrorPanel error={reading.error} />

      <div className="tuner-display" data-in-tune={inTune}>
        <CentsMeter cents={target?.cents ?? null} />
        <div className="tuner-readout" aria-live="polite" aria-atomic="true">
          <p className="tuner-note" data-testid="tuner-note">
            {target ? target.name : '—'}
          </p>
          <p className="tuner-hz">
            {reading.hz !== null ? `${reading.hz.toFixed(1)} Hz` : starting ? 'Starting…' : ' '}
          </p>
          <p className="tuner-cents" data-testid="tuner-cents">
            {target !== null
              ? centsText(target.cents)
              : tuner.listening
                ? 'Listening…'
                : 'Not listening'}
          </p>
          {target && <p className="tuner-target">Target {target.hz.toFixed(1)} Hz</p>}
        </div>
        <p className="tuner-steady" data-steady={reading.steady}>
          <span className="tuner-steady-light" aria-hidden="true" />
          {reading.steady ? 'Steady note' : 'Hold the note steady'}
        </p>
      </div>
    </section>
  );
}
