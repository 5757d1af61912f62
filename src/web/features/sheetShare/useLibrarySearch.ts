/**
 * The library search as the screen uses it (issue 15 item 5): the filters the piper set, the
 * answer for them, and whether it is on its way. Typing waits a moment before asking, and an
 * older answer never replaces a newer one. `more()` appends the next page of the same search
 * (a library past one page had no way to its other tunes but searching).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { libraryRoutes, type TuneSummary } from '../../../contracts/library/libraryRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';

export interface SearchFilters {
  readonly q: string;
  readonly type: string;
  readonly time: string;
  readonly composer: string;
}

export const NO_FILTERS: SearchFilters = { q: '', type: '', time: '', composer: '' };

export interface SearchState {
  /** 'more': the tunes shown stay while the next page is asked for. */
  readonly status: 'idle' | 'loading' | 'more' | 'done' | 'failed';
  readonly tunes: readonly TuneSummary[];
  readonly total: number;
  readonly error: string | null;
}

/** Typing pauses this long before the server is asked. */
export const SEARCH_DELAY_MS = 250;

type Query = z.input<typeof libraryRoutes.search.query>;

export function searchQuery(filters: SearchFilters, limit: number): Query {
  return {
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.type ? { type: filters.type as Query['type'] } : {}),
    ...(filters.time ? { time: filters.time as Query['time'] } : {}),
    ...(filters.composer.trim() ? { composer: filters.composer.trim() } : {}),
    limit,
  };
}

export function useLibrarySearch(
  filters: SearchFilters,
  enabled: boolean,
  limit = 20,
  fetchImpl?: typeof fetch,
): SearchState & { readonly more: () => void } {
  const [state, setState] = useState<SearchState>({
    status: 'idle',
    tunes: [],
    total: 0,
    error: null,
  });
  const key = JSON.stringify(searchQuery(filters, limit));
  // The search the shown tunes answer: a next page for an older search is dropped.
  const current = useRef(key);
  const moreController = useRef<AbortController | null>(null);
  useEffect(() => {
    current.current = key;
    moreController.current?.abort();
    if (!enabled) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, status: 'loading', error: null }));
    const timer = setTimeout(() => {
      void callApi(
        libraryRoutes.search,
        { query: JSON.parse(key) as Query },
        { signal: controller.signal, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
      ).then((result) => {
        if (controller.signal.aborted) return;
        if (result.error) {
          setState((s) => ({ ...s, status: 'failed', error: result.error.message }));
        } else {
          setState({
            status: 'done',
            tunes: result.data.tunes,
            total: result.data.total,
            error: null,
          });
        }
      });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, enabled, fetchImpl]);

  const more = useCallback(() => {
    if (state.status !== 'done' || state.tunes.length >= state.total) return;
    const asked = key;
    const controller = new AbortController();
    moreController.current = controller;
    setState((s) => ({ ...s, status: 'more', error: null }));
    void callApi(
      libraryRoutes.search,
      { query: { ...(JSON.parse(asked) as Query), offset: state.tunes.length } },
      { signal: controller.signal, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
    ).then((result) => {
      if (controller.signal.aborted || current.current !== asked) return;
      if (result.error) {
        setState((s) => ({ ...s, status: 'failed', error: result.error.message }));
      } else {
        setState((s) => {
          const seen = new Set(s.tunes.map((t) => t.id));
          return {
            status: 'done',
            tunes: [...s.tunes, ...result.data.tunes.filter((t) => !seen.has(t.id))],
            total: result.data.total,
            error: null,
          };
        });
      }
    });
  }, [state.status, state.tunes.length, state.total, key, fetchImpl]);
  useEffect(() => () => moreController.current?.abort(), []);

  return { ...state, more };
}
