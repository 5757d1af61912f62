import { PitchSelect } from '../../ui/PitchSelect.tsx';
import { useEffect, useId, useRef } from 'react';
import { useReducedMotion } from '../../lib/useReducedMotion.ts';
import { noteOf, type Pitch } from '../../../music/notes.ts';
import { embellishmentTable } from '../../../music/tune/embellishments.ts';
import type { Bar, Duration, Note, TimeSignature } from '../../../music/tune/tune.ts';
import type { OmrBar } from '../../../music/omr/omrTypes.ts';
import { AddNoteFields } from './AddNoteFields.tsx';
import { balanceWords, type BarBalance } from './barBalance.ts';
import { BarMarkFields } from './BarMarkFields.tsx';
import { BarZoom } from './BarZoom.tsx';
import type { BarEnd, BarStart, NewNote } from './editRecognisedBar.ts';
import type { NotePatch } from './editRecognisedNote.ts';
import type { ShownPage } from './omrScreenState.ts';

export const DURATION_NAMES: ReadonlyArray<readonly [Duration, string]> = [
  [1, 'Semibreve (whole)'],
  [2, 'Minim (half)'],
  [4, 'Crotchet (quarter)'],
  [8, 'Quaver (eighth)'],
  [16, 'Semiquaver (16th)'],
  [32, 'Demisemiquaver (32nd)'],
];

const pitchName = (p: Pitch) => noteOf(p).name;
const durationName = (d: Duration) =>
  (DURATION_NAMES.find(([v]) => v === d)?.[1] ?? `1/${d}`).replace(/ \(.*\)$/, '');

/** A note as the list of the bar's notes names it: 'D quaver, dotted, with dbd'. */
export function describeNote(note: Note): string {
  const parts = [`${pitchName(note.pitch)} ${durationName(note.duration).toLowerCase()}`];
  if (note.dots === 1) parts.push('dotted');
  if (note.dots === 2) parts.push('double-dotted');
  const embellishment = note.embellishments[0]?.code;
  if (embellishment) parts.push(`with ${embellishment}`);
  return parts.join(', ');
}

export interface NoteEditorProps {
  readonly page: ShownPage;
  readonly bar: OmrBar;
  readonly barNumber: number;
  readonly notes: readonly Note[];
  readonly note: number | null;
  readonly needsCheck: boolean;
  readonly onChooseNote: (note: number) => void;
  readonly onEdit: (note: number, patch: NotePatch) => void;
  /** The bar in the tune (its bar lines), the time in force and whether its notes add up. */
  readonly tuneBar: Bar;
  readonly time: TimeSignature | null;
  readonly balance: BarBalance | null;
  readonly onAdd: (at: number, note: NewNote) => void;
  readonly onDelete: (note: number) => void;
  readonly onTime: (beats: number, beatType: number) => void;
  readonly onBarLines: (change: { start?: BarStart; end?: BarEnd }) => void;
  readonly onMarkChecked: () => void;
  readonly onClose: () => void;
}

/**
 * The correction panel (issue 20 item 2: 'a small editor (pitch, duration, embellishment) with
 * the image zoomed there'), and for what the reader missed or invented (omr-ux): add a note,
 * delete one, the bar's time signature and repeat or part signs. Each change applies at once
 * and can be undone; after each the panel says whether the bar adds up to its time signature.
 */
export function NoteEditor({
  page,
  bar,
  barNumber,
  notes,
  note,
  needsCheck,
  onChooseNote,
  onEdit,
  tuneBar,
  time,
  balance,
  onAdd,
  onDelete,
  onTime,
  onBarLines,
  onMarkChecked,
  onClose,
}: NoteEditorProps) {
  const id = useId();
  const current = note === null ? null : (notes[note] ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  const reduced = useReducedMotion();
  // A bar chosen on the page or the score (below the list on a phone) brings its editor into
  // view and the focus into it, so the keyboard and screen readers follow (WCAG 2.4.3).
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
    // Only a new bar moves the view; `reduced` changing later must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [barNumber]);
  return (
    <section className="omr-editor card" aria-labelledby={`${id}-h`}>
      <div className="omr-editor-head">
        <h2 id={`${id}-h`} ref={heading} tabIndex={-1}>
          Bar {barNumber}
        </h2>
        <button type="button" className="button secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <BarZoom page={page} bar={bar} note={note} />
      {notes.length === 0 ? (
        <p className="omr-muted">No notes were read in this bar.</p>
      ) : (
        <ol className="omr-notes" aria-label={`Notes in bar ${barNumber}`}>
          {notes.map((n, i) => (
            <li key={i}>
              <button
                type="button"
                className="omr-note"
                aria-pressed={i === note}
                onClick={() => onChooseNote(i)}
              >
                {i + 1}. {describeNote(n)}
              </button>
            </li>
          ))}
        </ol>
      )}
      {balance && (
        <p
          className={`omr-balance${balance.status === 'under' || balance.status === 'over' ? ' is-off' : ''}`}
          role="status"
        >
          {balanceWords(balance)}
        </p>
      )}
      {current && note !== null && (
        <fieldset className="omr-note-fields">
          <legend>Correct note {note + 1}</legend>
          <div className="omr-field">
            <label htmlFor={`${id}-pitch`}>Pitch</label>
            <PitchSelect
              id={`${id}-pitch`}
              value={current.pitch}
              onChange={(pitch) => onEdit(note, { pitch })}
            />
          </div>
          <div className="omr-field">
            <label htmlFor={`${id}-duration`}>Length</label>
            <select
              id={`${id}-duration`}
              value={current.duration}
              onChange={(e) => onEdit(note, { duration: Number(e.target.value) as Duration })}
            >
              {DURATION_NAMES.map(([d, name]) => (
                <option key={d} value={d}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="omr-field">
            <label htmlFor={`${id}-dots`}>Dots</label>
            <select
              id={`${id}-dots`}
              value={current.dots}
              onChange={(e) => onEdit(note, { dots: Number(e.target.value) as 0 | 1 | 2 })}
            >
              <option value={0}>None</option>
              <option value={1}>Dotted</option>
              <option value={2}>Double-dotted</option>
            </select>
          </div>
          <div className="omr-field omr-field-wide">
            <label htmlFor={`${id}-embellishment`}>Embellishment</label>
            <select
              id={`${id}-embellishment`}
              value={current.embellishments[0]?.code ?? ''}
              onChange={(e) => onEdit(note, { embellishment: e.target.value || null })}
            >
              <option value="">None</option>
              {[...embellishmentTable.values()].map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {`${entry.code} (${entry.family.replace(/-/g, ' ')}: ${entry.written.map(pitchName).join(' ')})`}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="button secondary" onClick={() => onDelete(note)}>
            Delete note {note + 1}
          </button>
        </fieldset>
      )}
      <AddNoteFields
        key={`${barNumber}:${note}:${notes.length}`}
        notes={notes}
        note={note}
        onAdd={onAdd}
      />
      <BarMarkFields bar={tuneBar} time={time} onTime={onTime} onBarLines={onBarLines} />
      {needsCheck && (
        <button type="button" className="button secondary" onClick={onMarkChecked}>
          This bar is right
        </button>
      )}
    </section>
  );
}
