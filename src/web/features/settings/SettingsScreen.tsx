import { useState, useSyncExternalStore } from 'react';
import { paths } from '../../../contracts/routes.ts';
import { CURRENT_SCHEMA_VERSION } from '../../storage/keys.ts';
import { storedSchemaVersion } from '../../storage/schemaVersion.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { AdvancedNotice } from './AdvancedNotice.tsx';
import { AdvancedSettings } from './AdvancedSettings.tsx';
import { BackupSection } from './BackupSection.tsx';
import { DeviceSection } from './DeviceSection.tsx';
import { PracticeSection } from './PracticeSection.tsx';
import { UpgradeSection } from './UpgradeSection.tsx';
import { UserSection } from './UserSection.tsx';
import './settings.css';

export const ADVANCED_DISCLOSURE_ID = 'settings-advanced-tools';

/**
 * Settings (spec §2.3). The piper's settings come first (microphone, gain and chanter;
 * initials; practice defaults; backups); the maintenance tools (settings version, storage
 * health, usage and recovery logs) sit under a closed 'Advanced' disclosure (issue 22 item 12).
 * It starts open when the stored settings need an upgrade, so the migration notice's 'Go to
 * Settings' (spec §2.3) lands on a visible Upgrade button.
 */
export default function SettingsScreen() {
  const store = settingsStore();
  const version = useSyncExternalStore(
    store.subscribe,
    () => storedSchemaVersion(store),
    () => CURRENT_SCHEMA_VERSION,
  );
  // Read once: the disclosure stays as the piper leaves it, even after the upgrade succeeds.
  const [openAtStart] = useState(version < CURRENT_SCHEMA_VERSION);
  return (
    <section className="page settings" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <p className="settings-lead">
        Everything here is saved in this browser only. Changes apply at once, in every open tab.
        Your practice history, its exports and its deletion are on{' '}
        <a href={paths.progress}>Progress</a>.
      </p>
      <div className="settings-grid">
        <DeviceSection />
        <UserSection />
        <PracticeSection />
        <BackupSection />
      </div>
      <details id={ADVANCED_DISCLOSURE_ID} className="settings-advanced" open={openAtStart}>
        <summary>
          <span className="settings-advanced-title">Advanced</span>
          <span className="settings-hint">
            Settings version, storage health, usage and recovery logs
          </span>
        </summary>
        <div className="settings-grid">
          <UpgradeSection />
          <AdvancedSettings />
        </div>
      </details>
      <AdvancedNotice />
    </section>
  );
}
