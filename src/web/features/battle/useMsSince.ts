/**
 * Milliseconds from `from` to now (negative before it), on performance.now()'s clock,
 * re-read four times a second while `from` is set: the quick-match wait as it counts, the
 * countdown and the lockout (issue 17 items 1 and 2). Display only: the game's times are the
 * server's (DESIGN habit 5: useSyncExternalStore, no effect chains).
 */
import { useCallback, useSyncExternalStore } from 'react';

const nothing = () => () => {};

export function useMsSince(from: number | null): number | null {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (from === null) return () => {};
      const handle = window.setInterval(notify, 250);
      return () => window.clearInterval(handle);
    },
    [from],
  );
  // Rounded to 250 ms so the snapshot is stable between ticks.
  const snapshot = useCallback(
    () => (from === null ? null : Math.floor((performance.now() - from) / 250) * 250),
    [from],
  );
  return useSyncExternalStore(from === null ? nothing : subscribe, snapshot, () => null);
}
