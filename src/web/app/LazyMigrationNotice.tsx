import { lazy, Suspense, useEffect, useState } from 'react';

const MigrationNotice = lazy(() =>
  import('./MigrationNotice.tsx').then((m) => ({ default: m.MigrationNotice })),
);

/**
 * The migration notice (spec §2.3, §4), loaded once the page has hydrated: it shows nothing for
 * its first 500 ms anyway (MIGRATION_NOTICE_DELAY_MS), and it and the settings start-up checks
 * it starts are not needed to paint — the first load's JavaScript is budgeted (issue 21.4).
 * Mounted after hydration, so the prerendered HTML (nothing here) always matches.
 */
export function LazyMigrationNotice() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <MigrationNotice />
    </Suspense>
  ) : null;
}
