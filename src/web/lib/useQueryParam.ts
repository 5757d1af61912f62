import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

/**
 * One query parameter of the address, read after hydration: null while React hydrates the
 * prerendered first view (which was rendered without a query), the value afterwards — so a
 * link such as /gracenotes?preset=grp-LA opens a tool at the right exercise without a
 * hydration mismatch (docs/decisions/019-first-view-prerendered.md; issue 16 item 5).
 */
export function useQueryParam(name: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => new URLSearchParams(window.location.search).get(name),
    () => null,
  );
}
