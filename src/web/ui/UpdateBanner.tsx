import { useSyncExternalStore } from 'react';
import { updateStore, type UpdateStore } from '../lib/offline/updateStore.ts';
import './appStatus.css';

/**
 * 'A new version is ready — Reload' (issue 18 item 1): shown when a new service worker waits.
 * Nothing changes until the piper presses Reload, so a running exercise is never swapped out
 * from under them. The live region is always in the page so screen readers announce the text
 * when it appears; it slides in only for readers who allow motion (appStatus.css).
 */
export function UpdateBanner({ store = updateStore }: { store?: UpdateStore }) {
  const ready = useSyncExternalStore(store.subscribe, store.getSnapshot, () => false);
  return (
    <div className="app-status-region" role="status">
      {ready && (
        <p className="app-status app-update">
          A new version is ready —{' '}
          <button type="button" className="button" onClick={() => store.apply()}>
            Reload
          </button>
        </p>
      )}
    </div>
  );
}
