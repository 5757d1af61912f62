import { useId, useState, type FormEvent } from 'react';
import { libraryRoutes, type TuneSummary } from '../../../contracts/library/libraryRoutes.ts';
import { TUNE_TYPE_LABELS } from '../../../contracts/library/libraryTerms.ts';
import { playlistRoutes, type PlaylistItem } from '../../../contracts/library/playlistRoutes.ts';
import { playlistMessages } from '../../../contracts/library/playlistTerms.ts';
import { callApi } from '../../lib/apiClient.ts';

export interface AddProps {
  readonly playlistId: string;
  readonly onAdded: (item: PlaylistItem) => void;
  readonly onError: (message: string | null) => void;
}

/**
 * Add from the library (issue 15 item 7): search by title (the library's search route, typos
 * forgiven there), then add a tune's first setting the piper may see.
 */
export function AddFromLibrary({ playlistId, onAdded, onError }: AddProps) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<readonly TuneSummary[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function search(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await callApi(libraryRoutes.search, { query: { q: query.trim(), limit: 10 } });
    setBusy(false);
    if (answer.error) return onError(answer.error.message);
    onError(null);
    setResults(answer.data.tunes);
  }

  async function add(tune: TuneSummary) {
    const page = await callApi(libraryRoutes.tune, { params: { slug: tune.slug } });
    if (page.error) return onError(page.error.message);
    const setting =
      page.data.settings.find((s) => s.visibility === 'public') ?? page.data.settings[0];
    if (!setting) return onError(playlistMessages.settingNotFound);
    const answer = await callApi(playlistRoutes.addItem, {
      params: { playlistId },
      body: { source: 'library', settingId: setting.id },
    });
    if (answer.error) return onError(answer.error.message);
    onError(null);
    onAdded(answer.data);
  }

  return (
    <section className="card playlist-add-library" aria-labelledby={`${inputId}-h`}>
      <h2 id={`${inputId}-h`}>Add from the library</h2>
      <form role="search" className="playlist-search" onSubmit={(e) => void search(e)}>
        <div className="site-form-field">
          <label htmlFor={inputId}>Search the library</label>
          <input
            id={inputId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <button type="submit" className="button secondary" disabled={busy}>
          Search
        </button>
      </form>
      {results?.length === 0 && <p className="playlist-muted">No tunes found.</p>}
      {results && results.length > 0 && (
        <ul className="playlist-results" aria-label="Library tunes found">
          {results.map((tune) => (
            <li key={tune.id}>
              <span>
                <strong>{tune.title}</strong>{' '}
                <span className="playlist-muted">
                  {TUNE_TYPE_LABELS[tune.type]} · {tune.composer}
                </span>
              </span>
              <button
                type="button"
                className="button secondary small"
                aria-label={`Add “${tune.title}”`}
                onClick={() => void add(tune)}
              >
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
