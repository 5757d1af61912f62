import { useSyncExternalStore } from 'react';
import { CURRENT_SCHEMA_VERSION } from '../../storage/keys.ts';
import { loadMigrator } from '../../storage/loadMigrator.ts';
import { storedSchemaVersion } from '../../storage/schemaVersion.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { errorText, settingsMessages as m } from './settingsMessages.ts';
import { StatusLine } from './StatusLine.tsx';
import { useFlashMessage } from './useFlashMessage.ts';

/**
 * Spec §2.3 Settings: the upgrade action, enabled only when the stored settings use an older
 * schema; it shows the current version and the newer one (spec §4 'Settings schema migration').
 */
export function UpgradeSection() {
  const store = settingsStore();
  const version = useSyncExternalStore(
    store.subscribe,
    () => storedSchemaVersion(store),
    () => CURRENT_SCHEMA_VERSION,
  );
  const [message, flash] = useFlashMessage();
  const needed = version < CURRENT_SCHEMA_VERSION;

  const onUpgrade = async () => {
    try {
      const migrate = await loadMigrator();
      const result = migrate(store);
      if (!result.success) flash(m.migrationFailed(result.error), 'error');
      else if (result.migrationsApplied === 0) flash(m.alreadyLatest);
      else flash(m.upgraded(result.migrationsApplied));
    } catch (error) {
      flash(m.upgradeFailed(errorText(error)), 'error');
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="settings-upgrade">
      <h2 id="settings-upgrade">Settings version</h2>
      {needed ? (
        <p>
          Your settings use version {version}. Version {CURRENT_SCHEMA_VERSION} keeps one microphone
          and one chanter for every screen.
        </p>
      ) : (
        <p>Your settings use version {version}, the latest.</p>
      )}
      <div className="settings-actions">
        <button
          type="button"
          className="button"
          disabled={!needed}
          onClick={() => void onUpgrade()}
        >
          {needed
            ? `Upgrade Settings (v${version} → v${CURRENT_SCHEMA_VERSION})`
            : 'Upgrade Settings'}
        </button>
      </div>
      <StatusLine message={message} />
    </section>
  );
}
