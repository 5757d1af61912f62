import type { ReactNode } from 'react';
import { leaderboardText } from './messages.ts';
import type { FeedState } from './scoreFeed.ts';

/** Loading, 'Failed to load high scores' or the configuration message; else the children. */
export function FeedStatus<T>({
  state,
  children,
}: {
  state: FeedState<T>;
  children: (data: T) => ReactNode;
}) {
  switch (state.phase) {
    case 'loading':
      return <p className="lb-status">Loading high scores…</p>;
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
