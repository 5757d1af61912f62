import { useId, useMemo, useState } from 'react';
import './tunes.css';
import type { LibraryTune } from '../../../music/library/libraryTunes.ts';

export interface TuneLibraryProps {
  readonly tunes: readonly Pick<LibraryTune, 'id' | 'title' | 'type'>[];
  readonly selectedId: string | null;
  readonly onOpen: (id: string) => void;
}

/** The built-in library (issue 6 item 8): a searchable list; a tune opens with one click. */
export function TuneLibrary({ tunes, selectedId, onOpen }: TuneLibraryProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const headingId = useId();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return tunes;
    return tunes.filter((t) => `${t.title} ${t.type}`.toLowerCase().includes(q));
  }, [tunes, query]);

  return (
    <section className="sheet-library" aria-labelledby={headingId}>
      <h2 id={headingId}>Tune library</h2>
      <label htmlFor={searchId}>Search the library</label>
      <input
        id={searchId}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Title or type, e.g. march"
      />
      {shown.length === 0 ? (
        <p className="sheet-muted">No tune in the library matches “{query.trim()}”.</p>
      ) : (
        <ul className="sheet-library-list">
          {shown.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className="sheet-library-tune"
                aria-current={t.id === selectedId ? 'true' : undefined}
                onClick={() => onOpen(t.id)}
              >
                <span className="sheet-library-title">{t.title}</span>
                <span className="sheet-library-type">{t.type}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
