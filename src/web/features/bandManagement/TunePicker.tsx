import { useId, useState, type KeyboardEvent } from 'react';
import { libraryRoutes, type TuneSummary } from '../../../contracts/library/libraryRoutes.ts';
import { TUNE_TYPE_LABELS } from '../../../contracts/library/libraryTerms.ts';
import { DIRECTORY_LIMITS } from '../../../contracts/directory/directoryTerms.ts';
import { callApi } from '../../lib/apiClient.ts';
import type { TuneChoice } from './bandForm.ts';

interface Props {
  readonly tunes: readonly TuneChoice[];
  readonly error?: string | undefined;
  readonly onChange: (tunes: readonly TuneChoice[]) => void;
}

/**
 * The tunes the band plays, picked from the library (issue 16 item 1) with the library's own
 * search route (typos forgiven there). Only public tunes are offered, as the server requires.
 */
export function TunePicker({ tunes, error, onChange }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<readonly TuneSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function search() {
    if (!query.trim()) return;
    const answer = await callApi(libraryRoutes.search, { query: { q: query.trim(), limit: 8 } });
    if (answer.error) return setProblem(answer.error.message);
    setProblem(null);
    setFound(answer.data.tunes);
  }
  const onKey = (event: KeyboardEvent) => {
    // Enter searches here instead of sending the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    }
  };
  const chosen = new Set(tunes.map((t) => t.id));
  const message = error ?? problem;

  return (
    <fieldset className="band-fieldset" aria-describedby={message ? `${id}-error` : undefined}>
      <legend>Tunes the band plays</legend>
      {tunes.length > 0 ? (
        <ul className="band-chosen" aria-label="Chosen tunes">
          {tunes.map((tune) => (
            <li key={tune.id}>
              <span>{tune.title}</span>
              <button
                type="button"
                className="button secondary small"
                aria-label={`Remove “${tune.title}”`}
                onClick={() => onChange(tunes.filter((t) => t.id !== tune.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="site-form-hint">No tunes chosen yet.</p>
      )}
      <div className="band-search">
        <div className="site-form-field">
          <label htmlFor={`${id}-q`}>Find a tune in the library</label>
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            onKeyDown={onKey}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <button type="button" className="button secondary" onClick={() => void search()}>
          Search
        </button>
      </div>
      {found?.length === 0 && <p className="site-form-hint">No tunes found.</p>}
      {found && found.length > 0 && (
        <ul className="band-found" aria-label="Library tunes found">
          {found.map((tune) => (
            <li key={tune.id}>
              <span>
                <strong>{tune.title}</strong>{' '}
                <span className="site-form-hint">{TUNE_TYPE_LABELS[tune.type]}</span>
              </span>
              <button
                type="button"
                className="button secondary small"
                disabled={chosen.has(tune.id) || tunes.length >= DIRECTORY_LIMITS.tunesMax}
                aria-label={`Add “${tune.title}”`}
                onClick={() =>
                  onChange([...tunes, { id: tune.id, slug: tune.slug, title: tune.title }])
                }
              >
                {chosen.has(tune.id) ? 'Added' : 'Add'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p id={`${id}-error`} className="site-form-error">
          {message}
        </p>
      )}
    </fieldset>
  );
}
