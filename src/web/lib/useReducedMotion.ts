import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReduced = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;

/**
 * Whether the reader asks for reduced motion, following changes (DESIGN habit 5). The
 * prerendered first view assumes motion (no matchMedia on the server); hydration starts from
 * the same answer, then React re-renders with the reader's (issue 21.1).
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReduced, () => false);
}
