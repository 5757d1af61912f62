/**
 * The optional starting motif on /aisheetnovel (issue 19 items 1 and 2): played on the
 * chanter or the keyboard chanter (the same note input and fragment entry as 'Find a tune by
 * playing it'), tapped on note buttons, or taken from a bar of a built-in library tune. The
 * composer keeps it exactly as given at the start of the tune.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { COMPOSER_LIMITS } from '../../../music/composer/composition.ts';
import { libraryTunes } from '../../../music/library/libraryTunes.ts';
import { noteOf, type Pitch } from '../../../music/notes.ts';
import { useNoteInput } from '../../lib/useNoteInput.ts';
import { NoteEntryControls } from '../../ui/tunes/NoteEntryControls.tsx';
import { useFragmentEntry } from '../../ui/tunes/useFragmentEntry.ts';
import { barMotifs } from './libraryBarMotifs.ts';

export interface MotifEntryProps {
  /** The motif as it stands (played notes, or a library bar once chosen). */
  readonly onChange: (motif: readonly Pitch[]) => void;
}

const NEVER = Number.MAX_SAFE_INTEGER;

export function MotifEntry({ onChange }: MotifEntryProps) {
  const id = useId();
  const input = useNoteInput();
  const { entry, snapshot } = useFragmentEntry(
    input.noteEvents,
    input.input === 'keyboard',
    NEVER,
    () => {},
  );
  const played = snapshot.melody.slice(0, COMPOSER_LIMITS.motifMax);
  const [tuneId, setTuneId] = useState('');
  const [barIndex, setBarIndex] = useState(0);
  const bars = useMemo(() => {
    const tune = libraryTunes.find((t) => t.id === tuneId);
    return tune ? barMotifs(tune.bww) : [];
  }, [tuneId]);
  const fromBar = bars[barIndex] ?? null;
  // A library bar, when chosen, wins over notes played.
  const motif = fromBar ?? played;
  const key = motif.join(' ');
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });
  // Told by value (the notes as words), not by array identity, which changes every render.
  useEffect(() => {
    report.current(key ? (key.split(' ') as Pitch[]) : []);
  }, [key]);

  return (
    <div className="composer-motif">
      <p className="composer-hint">
        Play up to {COMPOSER_LIMITS.motifMax} notes, tap them, or take a bar of a library tune: the
        tune will begin with them.
      </p>
      <NoteEntryControls
        input={input}
        onTap={entry.tap}
        padLabel="Tap motif notes"
        classPrefix="composer"
        listenButton="secondary"
        tapDisabled={played.length >= COMPOSER_LIMITS.motifMax}
      />
      <div className="composer-field">
        <label htmlFor={`${id}-tune`}>Or a bar of a library tune</label>
        <select
          id={`${id}-tune`}
          value={tuneId}
          onChange={(e) => {
            setTuneId(e.target.value);
            setBarIndex(0);
          }}
        >
          <option value="">None</option>
          {libraryTunes.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      </div>
      {bars.length > 0 && (
        <div className="composer-field">
          <label htmlFor={`${id}-bar`}>Bar</label>
          <select
            id={`${id}-bar`}
            value={barIndex}
            onChange={(e) => setBarIndex(Number(e.target.value))}
          >
            {bars.map((b, i) => (
              <option key={i} value={i}>
                {`Bar ${i + 1}: ${b.map((p) => noteOf(p).name).join(', ')}`}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="composer-motif-notes" aria-live="polite" data-motif={motif.join(' ')}>
        {motif.length === 0
          ? 'Motif: none.'
          : `Motif: ${motif.map((p) => noteOf(p).name).join(', ')}.`}
      </p>
      <div className="composer-row">
        <button
          type="button"
          className="button secondary"
          onClick={entry.undo}
          disabled={played.length === 0 || fromBar !== null}
        >
          Undo last note
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            entry.clear();
            setTuneId('');
          }}
          disabled={motif.length === 0}
        >
          Clear motif
        </button>
      </div>
    </div>
  );
}
