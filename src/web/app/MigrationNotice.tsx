import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../contracts/routes.ts';
import { keys } from '../storage/keys.ts';
import { shouldShowMigrationNotice } from '../storage/schemaVersion.ts';
import { settingsStore } from '../storage/settingsStore.ts';
import './MigrationNotice.css';

/** Spec §9 'Migration notice delay'. */
export const MIGRATION_NOTICE_DELAY_MS = 500;

/**
 * The migration notice banner (spec §2.3, §4): 500 ms after start, while the stored settings
 * need a schema upgrade and the notice has not been dismissed.
 */
export function MigrationNotice() {
  const store = settingsStore();
  const [started, setStarted] = useState(false);
  const show = useSyncExternalStore(
    store.subscribe,
    () => shouldShowMigrationNotice(store),
    () => false,
  );
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), MIGRATION_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!started || !show) return null;
  return (
    <section className="migration-notice" aria-label="Settings update">
      <p>Your settings have been updated. Please verify your microphone and chanter selections.</p>
      <div className="migration-notice-actions">
        <button
          type="button"
          className="button secondary"
          onClick={() => store.write(keys.migrationNoticeDismissed, true)}
        >
          Got it
        </button>
        <button type="button" className="button" onClick={() => void navigate(paths.settings)}>
          Go to Settings
        </button>
      </div>
    </section>
  );
}
