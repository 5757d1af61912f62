/**
 * Which set Sheet Music was asked to play (issue 15 item 7): `?playlist=<id>` (the owner's)
 * or `?shared=<token>` (a share link's). Read from the address after hydration, so the
 * prerendered /sheet-music (which knows no query) hydrates as it was sent.
 */
import { useSyncExternalStore } from 'react';

export type SetSource =
  | { readonly kind: 'playlist'; readonly id: string }
  | { readonly kind: 'shared'; readonly token: string };

export function setSourceOf(search: string): SetSource | null {
  const query = new URLSearchParams(search);
  const id = query.get('playlist');
  if (id) return { kind: 'playlist', id };
  const token = query.get('shared');
  if (token) return { kind: 'shared', token };
  return null;
}

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

export function useLocationSearch(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
}
