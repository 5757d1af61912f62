import { PitchSelect } from '../../ui/PitchSelect.tsx';
import { useId, useState } from 'react';
import { noteOf, type Pitch } from '../../../music/notes.ts';
import type { Duration, Note } from '../../../music/tune/tune.ts';
import type { NewNote } from './editRecognisedBar.ts';

/** Lengths a missed note can have, in the words of the note editor's Length list. */
const LENGTHS: ReadonlyArray<readonly [Duration, 0 | 1, string]> = [
  [2, 0, 'Minim'],
  [4, 1, 'Dotted crotchet'],
  [4, 0, 'Crotchet'],
  [8, 1, 'Dotted quaver'],
  [8, 0, 'Quaver'],
  [16, 0, 'Semiquaver'],
  [32, 0, 'Demisemiquaver'],
];

const pitchName = (p: Pitch) => noteOf(p).name;

/**
 * Add a note the reader missed (omr-ux): where in the bar (before which note, or at the end),
 * its pitch and its length. The place defaults to just after the note being corrected, the
 * pitch and length to that note's, so a dropped quaver of a pair is two choices away.
 */
export function AddNoteFields({
  notes,
  note,
  onAdd,
}: {
  readonly notes: readonly Note[];
  /** The note chosen in the editor, if any. */
  readonly note: number | null;
  readonly onAdd: (at: number, add: NewNote) => void;
}) {
  const id = useId();
  const current = note === null ? null : notes[note];
  const [at, setAt] = useState(() => (note === null ? notes.length : note + 1));
  const [pitch, setPitch] = useState<Pitch>(current?.pitch ?? 'LA');
  const [length, setLength] = useState(() => {
    const i = LENGTHS.findIndex(
      ([d, dots]) => d === current?.duration && dots === Math.min(1, current.dots),
    );
    return i < 0 ? 4 : i;
  });
  const place = Math.min(at, notes.length);
  return (
    <fieldset className="omr-note-fields omr-add-note">
      <legend>Add a missed note</legend>
      <div className="omr-field omr-field-wide">
        <label htmlFor={`${id}-at`}>Place</label>
        <select id={`${id}-at`} value={place} onChange={(e) => setAt(Number(e.target.value))}>
          {notes.map((n, i) => (
            <option key={i} value={i}>
              {`Before note ${i + 1} (${pitchName(n.pitch)})`}
            </option>
          ))}
          <option value={notes.length}>At the end of the bar</option>
        </select>
      </div>
      <div className="omr-field">
        <label htmlFor={`${id}-pitch`}>New note’s pitch</label>
        <PitchSelect id={`${id}-pitch`} value={pitch} onChange={setPitch} />
      </div>
      <div className="omr-field">
        <label htmlFor={`${id}-length`}>New note’s length</label>
        <select
          id={`${id}-length`}
          value={length}
          onChange={(e) => setLength(Number(e.target.value))}
        >
          {LENGTHS.map(([, , name], i) => (
            <option key={name} value={i}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button secondary"
        onClick={() => {
          const [duration, dots] = LENGTHS[length]!;
          onAdd(place, { pitch, duration, dots });
        }}
      >
        Add note
      </button>
    </fieldset>
  );
}
