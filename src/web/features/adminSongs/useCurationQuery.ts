/**
 * Reads one curation list and keeps it for a panel: loading, the answer, or why not. A refusal
 * (401/403) is handed to the screen, which asks for sign-in or the ADMIN_TOKEN.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiRoute, QueryInputOf, ResponseOf } from '../../../contracts/api/apiRoute.ts';
import { callCuration, isRefusal } from './curationClient.ts';

export type QueryState<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly message: string }
  | { readonly state: 'ready'; readonly data: T };

export function useCurationQuery<T extends ApiRoute>(
  route: T,
  query: QueryInputOf<T>,
  onRefused: () => void,
): { result: QueryState<ResponseOf<T>>; reload: () => void } {
  const [result, setResult] = useState<QueryState<ResponseOf<T>>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // The query's value, not its identity, decides when to read again.
  const key = JSON.stringify(query);

  useEffect(() => {
    let live = true;
    void callCuration(route, { query: JSON.parse(key) as QueryInputOf<T> }).then((answer) => {
      if (!live) return;
      if (answer.error) {
        if (isRefusal(answer.error.status)) onRefused();
        else setResult({ state: 'error', message: answer.error.message });
      } else {
        setResult({ state: 'ready', data: answer.data });
      }
    });
    return () => {
      live = false;
    };
  }, [route, key, round, onRefused]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { result, reload };
}
