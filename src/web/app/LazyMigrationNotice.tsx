import { lazy, Suspense, useEffect } from 'react';
import { useHydrated } from '../lib/useHydrated.ts';

const MigrationNotice = lazy(() =>
  import('./MigrationNotice.tsx').then((m) => ({ default: m.MigrationNotice })),
);

/**
 * The migration notice (spec §2.3, §4), loaded once the page has hydrated: it shows nothing for
 * its first 500 ms anyway (MIGRATION_NOTICE_DELAY_MS), and it is not needed to paint — the first load's JavaScript is budgeted (issue 21.4).
 * Mounted after hydration, so the prerendered HTML (nothing here) always matches.
 */
export function LazyMigrationNotice() {
  const hydrated = useHydrated();
  useEffect(() => {
    // The settings start-up checks (integrity, local user id) right after hydration, as before
    // the notice was lazy: their writes notify the store's readers, and a screen the piper has
    // started using should not see them later (e2e/metronome.e2e.ts caught a reset tempo).
    const idle = setTimeout(() => {
      void import('../storage/runStartupChecks.ts')
        .then((m) => m.runStartupChecks())
        .catch((error: unknown) => console.warn('Settings start-up checks failed', error));
    }, 0);
    return () => clearTimeout(idle);
  }, []);
  return hydrated ? (
    <Suspense fallback={null}>
      <MigrationNotice />
    </Suspense>
  ) : null;
}
