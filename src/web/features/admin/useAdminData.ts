/**
 * Loads one admin endpoint for a screen; `reload` after the token changes. A visitor with no
 * token who is not signed in as an administrator is told so without asking the server (which
 * would refuse anyway, and the browser would log the 403 as an error).
 */
import { useCallback, useEffect, useState } from 'react';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import type { ApiRoute } from '../../../contracts/api/apiRoute.ts';
import { adminToken } from '../../lib/adminToken.ts';
import { AdminRefusedError, adminFetch } from './adminFetch.ts';

export type AdminData<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'refused' }
  | { readonly state: 'error'; readonly message: string }
  | { readonly state: 'ready'; readonly data: T };

export function useAdminData<T>(
  route: ApiRoute,
  query: Record<string, string | number> = {},
): AdminData<T> & { reload: () => void } {
  // The URL stands for the route and query in the effect's dependencies.
  const url = route.build({}, query);
  const [result, setResult] = useState<AdminData<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const { status, user } = useAuthSnapshot();
  const hasToken = adminToken() !== '';
  const signedInAdmin = user?.roles.includes('admin') ?? false;
  const decided = hasToken || status !== 'loading';
  const mayAsk = hasToken || signedInAdmin;

  useEffect(() => {
    if (!decided || !mayAsk) return;
    let live = true;
    setResult({ state: 'loading' });
    adminFetch<T>(route, query).then(
      (data) => live && setResult({ state: 'ready', data }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof AdminRefusedError) setResult({ state: 'refused' });
        else setResult({ state: 'error', message: (error as Error).message });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- url stands for route and query
  }, [url, round, decided, mayAsk]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  if (!decided) return { state: 'loading', reload };
  if (!mayAsk) return { state: 'refused', reload };
  return { ...result, reload };
}
