import { useEffect, useSyncExternalStore } from 'react';
import type { HistorySnapshot } from '../../storage/practiceHistory.ts';
import { practiceHistory, practiceRecorder } from '../../storage/practiceStore.ts';

const SERVER: HistorySnapshot = { loaded: false, records: [], unsynced: 0, notice: null };

/**
 * The local practice history as React state (DESIGN habit 5). The prerendered frame and its
 * hydration see 'not loaded' (ADR 019: nothing stored is read before hydration); IndexedDB is
 * read after, and sessions a closed tab left as checkpoints join it first.
 */
export function usePracticeHistory(): HistorySnapshot {
  const history = practiceHistory();
  const snapshot = useSyncExternalStore(history.subscribe, history.getSnapshot, () => SERVER);
  useEffect(() => {
    void practiceRecorder()
      .recover()
      .finally(() => history.load());
  }, [history]);
  return snapshot;
}
