/**
 * Find a tune by playing it (issue 15 item 6): play eight or more notes on the chanter or the
 * keyboard chanter, or tap them on the note buttons, and `onSearch` gets the melody to look
 * up (src/music/findTune/findTunes.ts on the server). The notes entered are shown by name,
 * with Undo and Clear. The screen that mounts it shows the results; this only collects.
 *
 * Listening goes through useNoteInput like every listening screen (DESIGN habit 1): the
 * chanter picker switches between the microphone and the keyboard chanter.
 */
import { useId } from 'react';
import { MIN_QUERY_NOTES } from '../../../music/findTune/findTunes.ts';
import { noteOf, type Pitch } from '../../../music/notes.ts';
import { useNoteInput } from '../../lib/useNoteInput.ts';
import { NoteEntryControls } from './NoteEntryControls.tsx';
import { useFragmentEntry } from './useFragmentEntry.ts';
import './findByPlaying.css';

export interface FindByPlayingProps {
  /** Called with the melody entered whenever it changes and has at least `minNotes` notes. */
  onSearch: (pitches: readonly Pitch[]) => void;
  /** Notes needed before a search (default 8, issue 15 item 6). */
  minNotes?: number;
}

export function FindByPlaying({ onSearch, minNotes = MIN_QUERY_NOTES }: FindByPlayingProps) {
  const titleId = useId();
  const listId = useId();
  const input = useNoteInput();
  const { entry, snapshot } = useFragmentEntry(
    input.noteEvents,
    input.input === 'keyboard',
    minNotes,
    onSearch,
  );
  const { melody } = snapshot;
  const missing = Math.max(0, minNotes - melody.length);

  return (
    <section className="find-by-playing card" aria-labelledby={titleId}>
      <h2 id={titleId}>Find a tune by playing it</h2>
      <p className="find-by-playing-lead">
        Play {minNotes} or more notes of the tune on your chanter, or tap them below. A wrong or
        missing note is fine, and you can start anywhere in the tune.
      </p>

      <NoteEntryControls
        input={input}
        onTap={entry.tap}
        padLabel="Tap notes"
        classPrefix="find-by-playing"
        listenButton="primary"
      />

      <div className="find-by-playing-entered">
        <h3 id={listId}>Notes entered</h3>
        {melody.length === 0 ? (
          <p className="find-by-playing-empty">None yet.</p>
        ) : (
          <ol className="find-by-playing-notes" aria-labelledby={listId}>
            {melody.map((pitch, i) => (
              <li key={i}>{noteOf(pitch).name}</li>
            ))}
          </ol>
        )}
        <p className="find-by-playing-status" aria-live="polite">
          {missing > 0
            ? `${melody.length} of ${minNotes} notes: ${missing} more to search.`
            : `${melody.length} notes: searching as you play.`}
        </p>
        <div className="find-by-playing-actions">
          <button
            type="button"
            className="button secondary"
            onClick={entry.undo}
            disabled={melody.length === 0}
          >
            Undo last note
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={entry.clear}
            disabled={melody.length === 0}
          >
            Clear notes
          </button>
        </div>
      </div>
    </section>
  );
}
