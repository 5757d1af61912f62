import { useEffect, useState } from 'react';

export interface Credit {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly description: string;
  readonly url: string;
  readonly use: 'runtime' | 'build';
}

export type CreditsState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly credits: readonly Credit[] }
  | { readonly status: 'error' };

/** The list the build wrote to /credits.json (scripts/credits.ts). */
export const CREDITS_URL = '/credits.json';

export function useCredits(
  fetchImpl: typeof fetch = (i, o) => globalThis.fetch(i, o),
): CreditsState {
  const [state, setState] = useState<CreditsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetchImpl(CREDITS_URL)
      .then((r) =>
        r.ok ? (r.json() as Promise<Credit[]>) : Promise.reject(new Error(String(r.status))),
      )
      .then((credits) => live && setState({ status: 'ready', credits }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [fetchImpl]);
  return state;
}
