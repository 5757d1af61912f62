import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  FRAMES_PER_NOTE,
  calibrationProblems,
  expectedHz,
  justCents,
  type CalibrationState,
} from '../../../music/chanterCalibration.ts';
import { STANDARD_CHANTER } from '../../../music/chanter.ts';
import { fingeringOf } from '../../../music/fingering.ts';
import { notes } from '../../../music/notes.ts';
import { useNoteInput } from '../../lib/useNoteInput.ts';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { ChanterDiagram } from '../../ui/ChanterDiagram.tsx';
import { dialogs } from '../../ui/dialogService.ts';
import { MicrophoneErrorPanel } from '../../ui/listening/MicrophoneErrorPanel.tsx';
import { chanterNameProblem, saveChanter } from './saveChanter.ts';
import { useCalibration } from './useCalibration.ts';
import './chanterSync.css';

/**
 * Calibration listens against the Standard chanter with every note's window widened by a
 * semitone and a half, so a chanter pitched well away from 480 Hz is still heard (the
 * calibration's own checks then judge it, src/music/chanterCalibration.ts).
 */
const CALIBRATION_TOLERANCE = 150;

const signedCents = (c: number) => {
  const r = Math.round(c);
  return r === 0 ? '0' : `${r > 0 ? '+' : '−'}${Math.abs(r)}`;
};

/**
 * Chanter Sync (issue 4 point 6; spec §2.1 /chanter-sync and /chantersync, §2.4 'Chanter
 * Sync Complete' and 'Chanter Saved'): the piper plays the nine notes one at a time, Low G to
 * High A; each note's frequency is the median of its steady frames; the result is checked and
 * any problem explained; 'Save Notes' stores a named custom chanter and selects it.
 */
export interface ChanterSyncScreenProps {
  /** Test seam: a calibration already under way (the page starts empty). */
  readonly initial?: CalibrationState;
}

export default function ChanterSyncScreen({ initial }: ChanterSyncScreenProps = {}) {
  const sync = useNoteInput({
    chanter: STANDARD_CHANTER,
    toleranceAdjustment: CALIBRATION_TOLERANCE,
    microphoneDialogs: true,
  });
  const { reading } = sync;
  usePracticeSession('chanterSync', sync.listening, { noteEvents: sync.noteEvents });
  const { state, redo, reset } = useCalibration(reading, sync.listening, initial);
  const { measured, current } = state;
  const complete = current === null;
  const problems = complete ? calibrationProblems(measured) : [];
  const ready = complete && problems.length === 0;
  const nameId = useId();
  const [name, setName] = useState('My Chanter');
  const [nameError, setNameError] = useState<string | null>(null);
  const [savedAs, setSavedAs] = useState<string | null>(null);

  // A chanter is calibrated by ear, never from the keyboard chanter.
  const { input, setInput } = sync;
  useEffect(() => {
    if (input === 'keyboard') setInput('microphone');
  }, [input, setInput]);

  // Spec §2.4 'Chanter Sync Complete', once each time the nine notes check out.
  const wasReady = useRef(false);
  useEffect(() => {
    if (ready && !wasReady.current) dialogs.show({ type: 'dlg_chantersync_complete' });
    wasReady.current = ready;
  }, [ready]);
  // Nothing more to hear once every note is measured: release the microphone.
  const { stop, listening } = sync;
  useEffect(() => {
    if (complete && listening) stop();
  }, [complete, listening, stop]);

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    const problem = chanterNameProblem(name);
    setNameError(problem);
    if (problem || !ready) return;
    saveChanter(settingsStore(), name, measured as number[], () => `custom-${crypto.randomUUID()}`);
    setSavedAs(name.trim());
    dialogs.show({ type: 'dlg_chantersync_saved' });
  };

  const startOver = () => {
    reset();
    setSavedAs(null);
  };

  const asked = current !== null ? notes[current]! : null;
  const cents = justCents(measured);
  const heard = reading.hz !== null ? `${reading.hz.toFixed(1)} Hz` : null;

  return (
    <section className="page chanter-sync" aria-labelledby="chanter-sync-title">
      <h1 id="chanter-sync-title">Chanter Sync</h1>
      <p className="chanter-sync-lead">
        Every practice chanter is pitched a little differently. Play each note when asked, from Low
        G to High A, and hold it steady until it is ticked. Chanter Sync measures your chanter so
        the app hears your notes exactly.
      </p>

      <div className="chanter-sync-controls">
        {sync.listening ? (
          <button type="button" className="button" onClick={sync.stop}>
            Stop listening
          </button>
        ) : (
          !complete && (
            <button type="button" className="button" onClick={sync.start}>
              {measured.some((f) => f !== null) ? 'Continue' : 'Start'}
            </button>
          )
        )}
        <button type="button" className="button secondary" onClick={startOver}>
          Start over
        </button>
      </div>
      <MicrophoneErrorPanel error={reading.error} />

      <div className="chanter-sync-main">
        <div className="card chanter-sync-current" aria-live="polite">
          {asked ? (
            <>
              <div className="chanter-sync-diagram">
                <ChanterDiagram fingering={fingeringOf(asked.pitch)} noteName={asked.name} />
              </div>
              <div>
                <p className="chanter-sync-ask" data-testid="chanter-sync-ask">
                  Play {asked.name}
                </p>
                <p className="chanter-sync-expect">
                  Expected near {expectedHz(current!, measured).toFixed(0)} Hz
                </p>
                <progress
                  className="chanter-sync-progress"
                  max={FRAMES_PER_NOTE}
                  value={state.frames.length}
                  aria-label={`${asked.name} measured`}
                />
                <p className="chanter-sync-heard">
                  {!sync.listening
                    ? 'Press Start, then play the note.'
                    : heard
                      ? `Hearing ${heard}${reading.steady ? '' : ' — hold it steady'}`
                      : 'Listening…'}
                </p>
              </div>
            </>
          ) : ready ? (
            <div>
              <p className="chanter-sync-ask">All nine notes measured.</p>
              {savedAs ? (
                <p>
                  Saved as <strong>{savedAs}</strong> and selected for every screen that listens.
                </p>
              ) : (
                <form className="chanter-sync-save" onSubmit={onSave} noValidate>
                  <label htmlFor={nameId}>Chanter name</label>
                  <input
                    id={nameId}
                    value={name}
                    maxLength={40}
                    onChange={(e) => setName(e.target.value)}
                    aria-invalid={nameError !== null}
                    aria-describedby={nameError ? `${nameId}-error` : undefined}
                  />
                  {nameError && (
                    <p id={`${nameId}-error`} className="chanter-sync-error">
                      {nameError}
                    </p>
                  )}
                  <button type="submit" className="button">
                    Save Notes
                  </button>
                </form>
              )}
            </div>
          ) : (
            <div role="alert" className="chanter-sync-problems">
              <p className="chanter-sync-ask">Some notes need another try.</p>
              <ul>
                {problems.map((p) => (
                  <li key={`${p.index}-${p.kind}`}>{p.message}</li>
                ))}
              </ul>
              <p>Press Redo beside a note, then Continue and play it again.</p>
            </div>
          )}
        </div>

        <div className="card chanter-sync-notes">
          <ol aria-label="Your chanter's notes" aria-describedby={`${nameId}-cents`}>
            {notes.map((note, i) => {
              const hz = measured[i] ?? null;
              const flagged = problems.some((p) => p.index === i);
              const c = cents[i] ?? null;
              return (
                <li
                  key={note.pitch}
                  data-state={i === current ? 'current' : hz === null ? 'waiting' : 'done'}
                  data-problem={flagged}
                >
                  <span className="chanter-sync-name">{note.name}</span>
                  <span className="chanter-sync-hz" data-testid={`sync-hz-${note.pitch}`}>
                    {hz !== null ? `${hz.toFixed(1)} Hz` : i === current ? 'now' : '—'}
                  </span>
                  <span className="chanter-sync-cents" data-testid={`sync-cents-${note.pitch}`}>
                    {c !== null ? `${signedCents(c)} ¢` : ''}
                  </span>
                  <button
                    type="button"
                    className="button secondary chanter-sync-redo"
                    onClick={() => {
                      redo(i);
                      setSavedAs(null);
                    }}
                    disabled={hz === null}
                    aria-label={`Redo ${note.name}`}
                  >
                    Redo
                  </button>
                </li>
              );
            })}
          </ol>
          {/* Issue 22 item 3: the Tuner's just-intonation reference, not 480 Hz. */}
          <p className="chanter-sync-cents-note" id={`${nameId}-cents`}>
            Cents against just intonation on your own Low A, as the Tuner shows them: how each note
            agrees with the drones.
          </p>
        </div>
      </div>
    </section>
  );
}
