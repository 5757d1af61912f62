import { useEffect } from 'react';

/**
 * Keeps the practice history synced while a user is signed in (issue 18 item 2). The sync's
 * code (API client, schemas) loads lazily here, never in the first page's bytes (ADR 020).
 */
export function usePracticeSync(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./practiceSync.ts').then((m) => {
      if (!cancelled) stop = m.startPracticeSync(userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
}
