import { OFFLINE_TEXT, useOnline } from '../lib/offline/onlineStatus.ts';
import './appStatus.css';

/**
 * 'You're offline' (issue 18 item 1), in the page frame while the browser has no network: the
 * practice tools keep working from the service worker's cache; what needs the server says so
 * here once, and its own error (the API client's offline message) when the piper tries.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div className="app-status-region" role="status">
      {!online && (
        <p className="app-status app-offline">
          <strong>{OFFLINE_TEXT}.</strong> The practice tools still work. Sign-in, library search,
          the leader board and bands need a connection; forms and scores are sent when you are back
          online.
        </p>
      )}
    </div>
  );
}
