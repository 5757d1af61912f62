import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { libraryRoutes } from '../../../contracts/library/libraryRoutes.ts';
import type { Pitch } from '../../../music/notes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { tuneFacts, tunePageHref } from './TuneResult.tsx';

// Listening code loads only when the piper asks for it: the library's first view stays light.
const FindByPlaying = lazy(() =>
  import('../../ui/tunes/FindByPlaying.tsx').then((m) => ({ default: m.FindByPlaying })),
);

type Found = z.infer<typeof libraryRoutes.find.response>['results'];

/** A new note waits this long before the server is asked, so a run of taps asks once. */
export const FIND_DELAY_MS = 300;

/**
 * Find a tune by playing it (issue 15 item 6): the notes the piper plays or taps go to the
 * library's melody search, and the tunes that hold them are listed with the bar where the
 * melody starts.
 */
export function FindSection({ fetchImpl }: { readonly fetchImpl?: typeof fetch }) {
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<Found | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; controller: AbortController }>(
    null,
  );

  const cancel = () => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    pending.current.controller.abort();
    pending.current = null;
  };
  useEffect(() => cancel, []);

  const search = useCallback(
    (pitches: readonly Pitch[]) => {
      cancel();
      const controller = new AbortController();
      const timer = setTimeout(() => {
        setSearching(true);
        void callApi(
          libraryRoutes.find,
          { body: { pitches: [...pitches].slice(-64) } },
          { signal: controller.signal, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
        ).then((result) => {
          if (controller.signal.aborted) return;
          setSearching(false);
          if (result.data) {
            setResults(result.data.results);
            setError(null);
          } else setError(result.error.message);
        });
      }, FIND_DELAY_MS);
      pending.current = { timer, controller };
    },
    [fetchImpl],
  );

  if (!open) {
    return (
      <p className="share-find-open">
        <button type="button" onClick={() => setOpen(true)}>
          Find a tune by playing it
        </button>{' '}
        <span className="share-muted">Play or tap a few bars; a wrong note is fine.</span>
      </p>
    );
  }
  return (
    <div className="share-find">
      <Suspense fallback={<p className="share-status">Loading the listener…</p>}>
        <FindByPlaying onSearch={search} />
      </Suspense>
      <div className="share-find-results" aria-live="polite">
        {searching && <p className="share-status">Searching…</p>}
        {error && (
          <p className="share-error" role="alert">
            {error}
          </p>
        )}
        {results && !searching && results.length === 0 && (
          <p>No tune in the library holds that melody. Try a few more notes.</p>
        )}
        {results && results.length > 0 && (
          <>
            <h3>Tunes with that melody</h3>
            <ol className="share-find-list">
              {results.map((r) => (
                <li key={r.tune.id}>
                  <Link to={tunePageHref(r.tune.slug)}>{r.tune.title}</Link>{' '}
                  <span className="share-muted">
                    {tuneFacts(r.tune)} · from bar {r.bar} · {Math.round(r.score * 100)}% match
                  </span>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </div>
  );
}
