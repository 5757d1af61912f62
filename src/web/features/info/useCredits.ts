import { useEffect, useState } from 'react';
import { systemRoutes } from '../../../contracts/api/systemRoutes.ts';

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

/**
 * The list the build wrote to /credits.json (scripts/credits.ts). A static file, not an API
 * call: its path is the contract's (systemRoutes.credits), its fetch stays a plain GET.
 */
export const CREDITS_URL = systemRoutes.credits.pattern;

/**
 * One function for every render: the effect below depends on fetchImpl, and a default made
 * afresh on each call re-ran it after every state change, asking for the list ~140 times a
 * second (issue 22 item 10).
 */
const browserFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

export function useCredits(fetchImpl: typeof fetch = browserFetch): CreditsState {
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
