import { AdvancedNotice } from './AdvancedNotice.tsx';
import { AdvancedSettings } from './AdvancedSettings.tsx';
import { BackupSection } from './BackupSection.tsx';
import { DeviceSection } from './DeviceSection.tsx';
import { UpgradeSection } from './UpgradeSection.tsx';
import { UserSection } from './UserSection.tsx';
import './settings.css';

/** Settings (spec §2.3): user, microphone and chanter, backups, version and storage care. */
export default function SettingsScreen() {
  return (
    <section className="page settings" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <p className="settings-lead">
        Everything here is saved in this browser only. Changes apply at once, in every open tab.
      </p>
      <div className="settings-grid">
        <UserSection />
        <DeviceSection />
        <BackupSection />
        <UpgradeSection />
        <AdvancedSettings />
      </div>
      <AdvancedNotice />
    </section>
  );
}
