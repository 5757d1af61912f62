/**
 * Whether offline use has started (issue 18 item 1): the page frame then loads its notices
 * (LazyAppStatus). Apart from startOffline.ts so the first load's entry holds only this store;
 * startOffline.ts itself is loaded after the page's load event (src/web/main.tsx).
 */
export const offlineStarted = (() => {
  const listeners = new Set<() => void>();
  let started = false;
  return {
    get: () => started,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set() {
      if (started) return;
      started = true;
      listeners.forEach((l) => l());
    },
  };
})();
