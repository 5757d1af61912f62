/**
 * Registers the service worker (issue 18 item 1) with workbox-window, loaded lazily by
 * startServiceWorker.ts after the page has loaded and gone idle, so it adds nothing to the
 * first load. The worker precaches the app (scripts/offlineBuild.ts); a new version installs
 * in the background and **waits**: it is announced ('A new version is ready — Reload') and
 * takes over only when the piper presses Reload, never under a running exercise
 * (vite-plugin-pwa's registerType 'prompt'; https://developer.chrome.com/docs/workbox/handling-service-worker-updates).
 */
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_URL } from '../../../contracts/offline.ts';
import { updateStore, type UpdateStore } from './updateStore.ts';

/** The part of workbox-window's Workbox used here; tests pass a fake. */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: unknown) => void): void;
  register(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export interface RegisterOptions {
  readonly createWorkbox?: (url: string) => WorkboxLike;
  readonly store?: UpdateStore;
  /** Reloads the page once the new version controls it. */
  readonly reload?: () => void;
}

export async function registerServiceWorker(options: RegisterOptions = {}): Promise<void> {
  const {
    createWorkbox = (url: string) => new Workbox(url, { scope: '/' }),
    store = updateStore,
    reload = () => window.location.reload(),
  } = options;
  const wb = createWorkbox(SERVICE_WORKER_URL);
  let reloading = false;
  // 'waiting' also fires when a version was already waiting from an earlier visit.
  wb.addEventListener('waiting', () => {
    store.announce(() => {
      // The new worker takes control, then this page reloads onto the new version's files.
      wb.addEventListener('controlling', () => {
        if (reloading) return;
        reloading = true;
        reload();
      });
      wb.messageSkipWaiting();
    });
  });
  try {
    await wb.register();
  } catch (error) {
    // A browser or test harness that refuses workers (private modes, Playwright's
    // serviceWorkers 'block') keeps the app working online: say it once, quietly.
    console.warn('Offline use is not available in this browser:', error);
  }
}
