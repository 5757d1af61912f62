import { useBrowserValue } from './useBrowserValue.ts';

const subscribe = () => () => {};
const yes = () => true;
const no = () => false;

/**
 * False while React hydrates the prerendered first view (and on the server that rendered it),
 * true afterwards and in any render from scratch. Browser-only output (portals on
 * document.body, values read from navigator) waits for it so the first client render matches
 * the server's HTML (issue 21.1; docs/decisions/019-first-view-prerendered.md). The switch to
 * true is a transition, not a synchronous re-render in the hydration's effects (useBrowserValue).
 */
export function useHydrated(): boolean {
  return useBrowserValue(subscribe, yes, no);
}
