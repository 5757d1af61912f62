import { useId, useState } from 'react';
import {
  TIME_SIGNATURES,
  TUNE_TYPES,
  TUNE_TYPE_LABELS,
} from '../../../contracts/library/libraryTerms.ts';
import { TuneResult } from './TuneResult.tsx';
import { NO_FILTERS, useLibrarySearch, type SearchFilters } from './useLibrarySearch.ts';

export interface LibrarySearchProps {
  /** False during the prerendered first view: nothing is fetched until the page is live. */
  readonly live: boolean;
  readonly fetchImpl?: typeof fetch;
}

/**
 * Search the library (issue 15 item 5): title or alias with typos forgiven, type, time
 * signature and composer; results with their first line of music. With nothing asked, the
 * library opens on its tunes by title, featured ones first.
 */
export function LibrarySearch({ live, fetchImpl }: LibrarySearchProps) {
  const [filters, setFilters] = useState<SearchFilters>(NO_FILTERS);
  const search = useLibrarySearch(filters, live, 20, fetchImpl);
  const ids = { q: useId(), type: useId(), time: useId(), composer: useId(), results: useId() };
  const set = (change: Partial<SearchFilters>) => setFilters((f) => ({ ...f, ...change }));
  const asked = filters.q || filters.type || filters.time || filters.composer;

  return (
    <section className="share-search" aria-labelledby={ids.results}>
      <form className="share-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="share-field share-field-wide">
          <label htmlFor={ids.q}>Title or other name</label>
          <input
            id={ids.q}
            type="search"
            value={filters.q}
            autoComplete="off"
            placeholder="e.g. Scotland the Brave"
            onChange={(e) => set({ q: e.target.value })}
          />
        </div>
        <div className="share-field">
          <label htmlFor={ids.type}>Type</label>
          <select
            id={ids.type}
            value={filters.type}
            onChange={(e) => set({ type: e.target.value })}
          >
            <option value="">Any type</option>
            {TUNE_TYPES.map((t) => (
              <option key={t} value={t}>
                {TUNE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="share-field">
          <label htmlFor={ids.time}>Time</label>
          <select
            id={ids.time}
            value={filters.time}
            onChange={(e) => set({ time: e.target.value })}
          >
            <option value="">Any time</option>
            {TIME_SIGNATURES.filter((t) => t !== 'other').map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="share-field">
          <label htmlFor={ids.composer}>Composer</label>
          <input
            id={ids.composer}
            type="search"
            value={filters.composer}
            autoComplete="off"
            placeholder="e.g. Traditional"
            onChange={(e) => set({ composer: e.target.value })}
          />
        </div>
      </form>
      <h2 id={ids.results} className="share-results-heading">
        {asked ? 'Tunes found' : 'Tunes in the library'}
      </h2>
      <p className="share-status" role="status">
        {search.status === 'loading' && 'Searching…'}
        {(search.status === 'done' || search.status === 'more') &&
          (search.total === 0
            ? 'No tune matches. Try fewer words, another spelling or fewer filters.'
            : `${search.total} ${search.total === 1 ? 'tune' : 'tunes'}`)}
      </p>
      {search.status === 'failed' && (
        <p className="share-error" role="alert">
          {search.error}
        </p>
      )}
      <ul className="share-results">
        {search.tunes.map((tune) => (
          <TuneResult key={tune.id} tune={tune} />
        ))}
      </ul>
      {search.tunes.length > 0 && search.tunes.length < search.total && (
        <p className="share-more">
          <button type="button" disabled={search.status === 'more'} onClick={search.more}>
            {search.status === 'more'
              ? 'Loading more tunes…'
              : `Show more tunes (${search.tunes.length} of ${search.total} shown)`}
          </button>
        </p>
      )}
    </section>
  );
}
