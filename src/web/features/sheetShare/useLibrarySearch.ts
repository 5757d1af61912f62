/**
 * The library search as the screen uses it (issue 15 item 5): the filters the piper set, the
 * answer for them, and whether it is on its way. Typing waits a moment before asking, and an
 * older answer never replaces a newer one.
 */
import { useEffect, useState } from 'react';
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
  readonly status: 'idle' | 'loading' | 'done' | 'failed';
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
): SearchState {
  const [state, setState] = useState<SearchState>({
    status: 'idle',
    tunes: [],
    total: 0,
    error: null,
  });
  const key = JSON.stringify(searchQuery(filters, limit));
  useEffect(() => {
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
  return state;
}
