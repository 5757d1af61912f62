/**
 * Starts offline use after the page has loaded and the main thread is idle (issue 18 item 1:
 * the worker's registration must not add to the critical path; scripts/bundle-budget.mjs
 * counts what `/` loads before interaction, and this file's dynamic import is not part of it):
 * the service worker where the browser has them and the build wrote one, and the outbox of
 * forms and scores kept offline.
 */
import { offlineStarted } from './offlineStarted.ts';

export { offlineStarted };

export interface StartEnvironment {
  /** A built app in a browser with service workers (not `npm run dev`: it has no sw.js). */
  readonly worker: boolean;
  readonly whenLoaded: (start: () => void) => void;
  readonly whenIdle: (start: () => void) => void;
  readonly start: (worker: boolean) => Promise<unknown>;
}

function browserEnvironment(): StartEnvironment {
  return {
    worker: import.meta.env.PROD && 'serviceWorker' in navigator,
    whenLoaded(start) {
      if (document.readyState === 'complete') start();
      else window.addEventListener('load', start, { once: true });
    },
    whenIdle(start) {
      // Safari has no requestIdleCallback; a moment after load is idle enough.
      if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5000 });
      else setTimeout(start, 1000);
    },
    start: (worker) => import('./offlineStartup.ts').then((m) => m.offlineStartup(worker)),
  };
}

export function startOffline(env: StartEnvironment = browserEnvironment()): void {
  env.whenLoaded(() =>
    env.whenIdle(() => {
      offlineStarted.set();
      env.start(env.worker).catch((error: unknown) => {
        // A chunk that failed to load (offline on a first visit) leaves the app online-only.
        console.warn('Could not start offline use:', error);
      });
    }),
  );
}
