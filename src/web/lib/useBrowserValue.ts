/**
 * A value only the browser knows (a media query, "has hydrated", who is signed in), read like
 * useSyncExternalStore — but when React hydrates the prerendered first view, the switch from
 * the server's value to the browser's happens in a transition, rendered in slices that yield to
 * the browser, after the hydration's effects.
 *
 * Why not useSyncExternalStore (issue 21 item 3, docs/decisions/026): when its client snapshot
 * differs from the server snapshot used while hydrating, React re-renders the component
 * synchronously inside the hydration's effects task, and a store's changes always render
 * synchronously. On the home screen that was the whole screen and the menu again, in one task
 * of about 55 ms at Lighthouse's 4× CPU slowdown.
 *
 * Later changes arrive in a transition too: these values re-render much of the page and none of
 * them answers a keystroke. In a render from scratch (no server HTML, or any mount after the
 * first view has hydrated) the browser's value is there from the first render. `subscribe`,
 * `getSnapshot` and `getServerSnapshot` must be stable (module-level) functions.
 */
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

let serverSnapshotAsked = false;
const noSubscription = () => () => {};
const clientProbe = () => 0;
const serverProbe = () => {
  serverSnapshotAsked = true;
  return 0;
};

/**
 * True while React renders on the server or hydrates. React asks useSyncExternalStore for the
 * server snapshot then and only then (react.dev, useSyncExternalStore, 'getServerSnapshot'); the
 * probe notes which was asked. Both return the same value, so React never re-renders for it.
 */
function useServerOrHydrating(): boolean {
  serverSnapshotAsked = false;
  useSyncExternalStore(noSubscription, clientProbe, serverProbe);
  return serverSnapshotAsked;
}

export function useBrowserValue<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const serverOrHydrating = useServerOrHydrating();
  const [value, setValue] = useState<T>(() =>
    serverOrHydrating ? getServerSnapshot() : getSnapshot(),
  );
  useEffect(() => {
    const read = () => startTransition(() => setValue(() => getSnapshot()));
    const unsubscribe = subscribe(read);
    // Changes made before this effect ran (or the browser's value after hydration) arrive now.
    read();
    return unsubscribe;
  }, [subscribe, getSnapshot]);
  return value;
}
