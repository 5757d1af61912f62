import type { ReactNode } from 'react';
import { leaderboardText } from './messages.ts';
import type { FeedState } from './scoreFeed.ts';

/**
 * Loading, 'Failed to load high scores' or the configuration message; else the children.
 * With `caption`, loading keeps the shape of the table's empty state (its caption, then one
 * line), so the card does not grow when the answer arrives (issue 21.2: no layout shifts).
 */
export function FeedStatus<T>({
  state,
  caption,
  children,
}: {
  state: FeedState<T>;
  caption?: string;
  children: (data: T) => ReactNode;
}) {
  switch (state.phase) {
    case 'loading':
      return caption ? (
        <div className="lb-block" aria-busy="true">
          <h3 className="lb-caption">{caption}</h3>
          <p className="lb-status">Loading high scores…</p>
        </div>
      ) : (
        <p className="lb-status">Loading high scores…</p>
      );
    case 'failed':
      return (
        <div className="lb-status status-error" role="alert">
          <p>
            <strong>{leaderboardText.failed}</strong>
          </p>
          <p className="lb-detail">{state.message}</p>
        </div>
      );
    case 'unconfigured':
      return (
        <div className="lb-status status-error" role="alert">
          <p>
            <strong>{leaderboardText.unconfigured}</strong>
          </p>
          <p>Status: {leaderboardText.unconfiguredStatus}</p>
        </div>
      );
    case 'ready':
      return <>{children(state.data)}</>;
  }
}
