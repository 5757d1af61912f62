import { memo } from 'react';
import { fingeringOf } from '../../../music/fingering.ts';
import { noteOf, scaleIndex, type Pitch } from '../../../music/notes.ts';
import { useNoteInput } from '../../lib/useNoteInput.ts';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';
import { ChanterDiagram } from '../../ui/ChanterDiagram.tsx';
import { CentsMeter, centsText } from '../../ui/listening/CentsMeter.tsx';
import { ChanterPicker } from '../../ui/listening/ChanterPicker.tsx';
import { KeyboardHint } from '../../ui/listening/KeyboardHint.tsx';
import { MicrophoneErrorPanel } from '../../ui/listening/MicrophoneErrorPanel.tsx';
import { NoteHistory } from '../../ui/listening/NoteHistory.tsx';
import { useNoteHistory } from '../../ui/listening/useNoteHistory.ts';
import { LiveStaff } from '../../ui/listening/LiveStaff.tsx';
import './chanterTest.css';

/**
 * The fingering of the note shown. Memoised, like the staff and the history: readings arrive
 * up to 50 times a second and only the needle and numbers change with each (issue 4: no long
 * task on the main thread while listening).
 */
const Fingering = memo(function Fingering({ pitch }: { pitch: Pitch | null }) {
  return pitch ? (
    <ChanterDiagram fingering={fingeringOf(pitch)} noteName={noteOf(pitch).name} />
  ) : (
    <p className="chanter-test-placeholder">Play a note to see its fingering.</p>
  );
});
const History = memo(NoteHistory);
const Picker = memo(ChanterPicker);

/**
 * Chanter Test (issue 4 point 7; spec §2.1 /chanter-test): play any note and see what the app
 * hears: the note on the chanter diagram and a staff, its Hz and a cents needle against the
 * selected chanter, and the notes heard so far. Input is the microphone or the keyboard
 * chanter; the 'chantertest' dialogs of spec §2.4 come through useNoteInput.
 */
export default function ChanterTestScreen() {
  const test = useNoteInput({ component: 'chantertest' });
  const { reading, input } = test;
  usePracticeSession('chanterTest', test.listening, { noteEvents: test.noteEvents });
  const { history, clear } = useNoteHistory(reading.note, {
    minHoldMs: input === 'keyboard' ? 0 : 120,
  });
  // The diagram and staff follow the held note (the history's last), not every blip between
  // notes: fewer redraws while listening, and a steadier picture.
  const shown = history.at(-1)?.pitch ?? null;
  const live = reading.note !== null && reading.note === shown;
  const note = reading.note ? noteOf(reading.note) : null;
  const target = reading.note ? (test.chanter.frequencies[scaleIndex(reading.note)] ?? null) : null;

  return (
    <section className="page chanter-test" aria-labelledby="chanter-test-title">
      <h1 id="chanter-test-title">Chanter Test</h1>
      <p className="chanter-test-lead">
        Play each note of your chanter, Low G to High A. Chanter Test shows the note it hears, where
        your fingers should be, and how close the note is to the {test.chanter.name} chanter.
      </p>

      <div className="chanter-test-controls">
        <Picker />
        {test.listening ? (
          <button type="button" className="button" onClick={test.stop}>
            Stop listening
          </button>
        ) : (
          <button type="button" className="button" onClick={test.start}>
            Start listening
          </button>
        )}
      </div>
      {input === 'keyboard' && <KeyboardHint />}
      <MicrophoneErrorPanel error={reading.error} />

      <div className="chanter-test-display card">
        <div className="chanter-test-diagram" data-live={live}>
          <Fingering pitch={shown} />
        </div>
        <div className="chanter-test-readout">
          <div aria-live="polite" aria-atomic="true">
            <p className="chanter-test-note" data-testid="chanter-test-note">
              {note ? note.name : '—'}
            </p>
            <p className="chanter-test-hz">
              {reading.hz !== null
                ? `${reading.hz.toFixed(1)} Hz`
                : reading.status === 'starting'
                  ? 'Starting…'
                  : test.listening
                    ? 'Listening…'
                    : 'Not listening'}
            </p>
            <p className="chanter-test-cents">
              {reading.cents !== null && target !== null
                ? `${centsText(reading.cents)} (target ${target.toFixed(1)} Hz)`
                : ' '}
            </p>
          </div>
          <CentsMeter cents={reading.cents} />
          <div className="chanter-test-staff">
            <LiveStaff pitch={shown} />
          </div>
        </div>
      </div>

      <div className="chanter-test-history card">
        <History history={history} />
        {history.length > 0 && (
          <button type="button" className="button secondary" onClick={clear}>
            Clear notes
          </button>
        )}
      </div>
    </section>
  );
}
