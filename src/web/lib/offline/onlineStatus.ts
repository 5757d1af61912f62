/**
 * Whether the browser is online (issue 18 item 1: 'Pages that need the server say "You're
 * offline" plainly'): navigator.onLine and its online/offline events, as one external store
 * for the notice in the page frame and the API client's network-failure path. The browser's
 * `false` is reliable (no network at all, airplane mode); its `true` only means some network,
 * so a failed request still says why it failed.
 */
import { useSyncExternalStore } from 'react';

/** The words every screen uses for it. */
export const OFFLINE_TEXT = "You're offline";

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function subscribeOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Online while prerendering and hydrating (the server's HTML assumes it), then the browser's. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
