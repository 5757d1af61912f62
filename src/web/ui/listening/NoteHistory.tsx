import { noteOf } from '../../../music/notes.ts';
import type { HistoryEntry } from './useNoteHistory.ts';
import './listening.css';

/** A strip of the notes heard, newest last (issue 4 point 7 'a note history strip'). */
export function NoteHistory({
  history,
  label = 'Notes heard',
}: {
  history: readonly HistoryEntry[];
  label?: string;
}) {
  return (
    <div className="note-history">
      <h2 className="note-history-title">{label}</h2>
      {history.length === 0 ? (
        <p className="note-history-empty">None yet.</p>
      ) : (
        <ol className="note-history-strip" aria-label={label}>
          {history.map((entry, i) => (
            <li key={entry.seq} data-newest={i === history.length - 1}>
              {noteOf(entry.pitch).name}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
