import { lazy, Suspense, useSyncExternalStore } from 'react';
import { offlineStarted } from '../lib/offline/offlineStarted.ts';

const AppStatus = lazy(() => import('./AppStatus.tsx'));

/**
 * The page frame's update and offline notices, loaded when offline use starts (after load and
 * idle, startOffline.ts): their code stays out of the first load's JavaScript budget (issue 18
 * item 1, scripts/bundle-budget.mjs). Nothing in the prerendered HTML, so nothing to hydrate.
 */
export function LazyAppStatus() {
  const started = useSyncExternalStore(offlineStarted.subscribe, offlineStarted.get, () => false);
  return started ? (
    <Suspense fallback={null}>
      <AppStatus />
    </Suspense>
  ) : null;
}
