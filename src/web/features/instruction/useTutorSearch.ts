/**
 * The tutor directory's search (issue 16 item 5): one request at a time, the newest wins (an
 * older answer arriving late is dropped), and every failure comes back as a message.
 */
import { useCallback, useRef, useState } from 'react';
import { tutorRoutes, type Tutor } from '../../../contracts/directory/tutorRoutes.ts';
import type { QueryInputOf } from '../../../contracts/api/apiRoute.ts';
import { callApi } from '../../lib/apiClient.ts';

export type TutorQuery = QueryInputOf<typeof tutorRoutes.search>;

export type TutorSearchState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'loading' }
  | { readonly phase: 'done'; readonly tutors: readonly Tutor[]; readonly total: number }
  | { readonly phase: 'failed'; readonly message: string };

export function useTutorSearch(fetchImpl?: typeof fetch) {
  const [state, setState] = useState<TutorSearchState>({ phase: 'idle' });
  const latest = useRef<AbortController | null>(null);
  const search = useCallback(
    async (query: TutorQuery) => {
      latest.current?.abort();
      const controller = new AbortController();
      latest.current = controller;
      setState({ phase: 'loading' });
      const result = await callApi(
        tutorRoutes.search,
        { query },
        { signal: controller.signal, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
      );
      if (controller.signal.aborted) return;
      setState(
        result.error
          ? { phase: 'failed', message: result.error.message }
          : { phase: 'done', tutors: result.data.tutors, total: result.data.total },
      );
    },
    [fetchImpl],
  );
  return { state, search };
}
