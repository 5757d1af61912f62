import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates the prerendered first view (and on the server that rendered it),
 * true afterwards and in any render from scratch. Browser-only output (portals on
 * document.body, values read from navigator) waits for it so the first client render matches
 * the server's HTML (issue 21.1; docs/decisions/019-first-view-prerendered.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
