import { useEffect, useSyncExternalStore } from 'react';
import { sentNotices, type SentNotices } from '../lib/offline/sentNotices.ts';
import './appStatus.css';

/** How long the notice stays unless dismissed: long enough to read, short enough to be a notice. */
export const SENT_NOTICE_MS = 15_000;

/**
 * 'Back online: your feature request kept on this device was sent.' (issue 18 item 1): what
 * the outbox sent when the connection returned, in a live region so screen readers announce
 * it; it goes away by itself or with Dismiss.
 */
export function SentNotice({ store = sentNotices }: { store?: SentNotices }) {
  const lines = useSyncExternalStore(store.subscribe, store.getSnapshot, () => []);
  useEffect(() => {
    if (lines.length === 0) return;
    const timer = setTimeout(() => store.dismiss(), SENT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [lines, store]);
  return (
    <div className="app-status-region" role="status">
      {lines.length > 0 && (
        <p className="app-status app-sent">
          <span>{lines.join(' ')}</span>
          <button type="button" className="button secondary" onClick={() => store.dismiss()}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
