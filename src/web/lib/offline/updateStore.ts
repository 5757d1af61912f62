/**
 * Whether a new version of the app is waiting (issue 18 item 1), as a tiny external store the
 * banner reads with useSyncExternalStore. The worker registration (registerServiceWorker.ts,
 * loaded lazily after the first load) announces a waiting version with the function that
 * applies it; nothing here imports Workbox, so the page frame that shows the banner stays off
 * the JavaScript budget of the first load.
 */
export interface UpdateStore {
  subscribe(listener: () => void): () => void;
  /** True once a new version waits for the piper's Reload. */
  getSnapshot(): boolean;
  /** Called by the registration when a new worker is installed and waiting. */
  announce(apply: () => void): void;
  /** The piper pressed Reload: activate the waiting version (which then reloads the page). */
  apply(): void;
}

export function createUpdateStore(): UpdateStore {
  const listeners = new Set<() => void>();
  let pending: (() => void) | null = null;
  let applying = false;
  const emit = () => listeners.forEach((l) => l());
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => pending !== null,
    announce(apply) {
      pending = apply;
      applying = false;
      emit();
    },
    apply() {
      // One press is one activation: a second click while the new worker takes over is ignored.
      if (!pending || applying) return;
      applying = true;
      pending();
    },
  };
}

/** The app's one store. */
export const updateStore: UpdateStore = createUpdateStore();
