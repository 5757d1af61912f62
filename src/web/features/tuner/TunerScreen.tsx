import { Link } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { noteOf } from '../../../music/notes.ts';
import { CentsMeter, IN_TUNE, centsText } from './CentsMeter.tsx';
import { useNoteInput } from '../../lib/useNoteInput.ts';
import './tuner.css';

/**
 * Tuner (issue 4 point 8; spec §2.1 /tuner): the note heard, its Hz and a cents needle
 * against the selected chanter, from the microphone or the keyboard chanter (spec §4, §5).
 */
export default function TunerScreen() {
  const tuner = useNoteInput();
  const { reading, input } = tuner;
  const note = reading.note ? noteOf(reading.note) : null;
  const starting = reading.status === 'starting';
  const inTune = reading.cents !== null && Math.abs(reading.cents) <= IN_TUNE;
  return (
    <section className="page tuner" aria-labelledby="tuner-title">
      <h1 id="tuner-title">Tuner</h1>
      <p className="tuner-lead">
        Play one note and hold it. The needle shows how far it is from the {tuner.chanter.name}{' '}
        chanter&apos;s note: right of centre is sharp, left is flat.
      </p>

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
            onClick={() => tuner.setInput('keyboard')}
          >
            Keyboard chanter
          </button>
        </div>
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

      {input === 'keyboard' && (
        <p className="tuner-hint">
          Keys <kbd>g</kbd> <kbd>a</kbd> <kbd>b</kbd> <kbd>c</kbd> <kbd>d</kbd> <kbd>e</kbd>{' '}
          <kbd>f</kbd> play Low G to F; <kbd>Shift</kbd>+<kbd>G</kbd> and <kbd>Shift</kbd>+
          <kbd>A</kbd> play High G and High A.
        </p>
      )}

      {reading.error && (
        <div className="tuner-error" role="alert">
          <p>{reading.error.message}</p>
          {reading.error.code && (
            <p className="tuner-error-code">Error code: {reading.error.code}</p>
          )}
          <Link className="button secondary" to={paths.microphoneHelp}>
            How to Fix
          </Link>
        </div>
      )}

      <div className="tuner-display" data-in-tune={inTune}>
        <CentsMeter cents={reading.cents} />
        <div className="tuner-readout" aria-live="polite" aria-atomic="true">
          <p className="tuner-note" data-testid="tuner-note">
            {note ? note.name : '—'}
          </p>
          <p className="tuner-hz">
            {reading.hz !== null ? `${reading.hz.toFixed(1)} Hz` : starting ? 'Starting…' : ' '}
          </p>
          <p className="tuner-cents" data-testid="tuner-cents">
            {reading.cents !== null
              ? centsText(reading.cents)
              : tuner.listening
                ? 'Listening…'
                : 'Not listening'}
          </p>
        </div>
        <p className="tuner-steady" data-steady={reading.steady}>
          <span className="tuner-steady-light" aria-hidden="true" />
          {reading.steady ? 'Steady note' : 'Hold the note steady'}
        </p>
      </div>
    </section>
  );
}
