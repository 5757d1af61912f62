import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Result } from '../../../contracts/result.ts';
import { getScoreService } from '../../lib/getScoreService.ts';
import type { ScoreService } from '../../lib/scoreService.ts';
import { POLL_INTERVAL_MS } from './messages.ts';
import { createFeed, type FeedState } from './scoreFeed.ts';

/**
 * A live score read for a screen: `read` is called with the shared score service now and on
 * every poll. `key` names what is read; a new key starts a new feed (and a loading state).
 */
export function useScoreFeed<T>(
  key: string,
  read: (service: ScoreService) => Promise<Result<T>>,
  intervalMs: number = POLL_INTERVAL_MS,
): FeedState<T> {
  // The latest `read` is used by every poll without restarting the feed on each render.
  const latestRead = useRef(read);
  useEffect(() => {
    latestRead.current = read;
  });
  const feed = useMemo(
    () =>
      createFeed(async () => latestRead.current(await getScoreService()), {
        intervalMs,
        document: typeof document === 'undefined' ? null : document,
      }),
    // `key` stands for what `read` reads: a new key is a new feed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, intervalMs],
  );
  useEffect(() => {
    feed.start();
    return () => feed.stop();
  }, [feed]);
  return useSyncExternalStore(feed.subscribe, feed.getSnapshot, feed.getSnapshot);
}
