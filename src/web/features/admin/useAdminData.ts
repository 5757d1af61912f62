/** Loads one admin endpoint for a screen; `reload` after the token changes. */
import { useCallback, useEffect, useState } from 'react';
import { AdminRefusedError, adminFetch } from './adminFetch.ts';

export type AdminData<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'refused' }
  | { readonly state: 'error'; readonly message: string }
  | { readonly state: 'ready'; readonly data: T };

export function useAdminData<T>(url: string): AdminData<T> & { reload: () => void } {
  const [result, setResult] = useState<AdminData<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    adminFetch<T>(url).then(
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
  }, [url, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...result, reload };
}
