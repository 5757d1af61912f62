import { useState } from 'react';
import { keys } from '../../storage/keys.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { checkIntegrity, repairStorage, type StorageHealth } from '../../storage/storageHealth.ts';
import { useStorageStats } from '../../storage/useStorageStats.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { errorText, settingsMessages as m } from './settingsMessages.ts';
import { StatusLine } from './StatusLine.tsx';
import { useFlashMessage } from './useFlashMessage.ts';

export const ADVANCED_SETTINGS_ID = 'advanced-settings';

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * Spec §2.3 Settings 'Advanced Settings': storage health check, usage with the largest keys,
 * the recovery logs table and repair (messages of §8).
 */
export function AdvancedSettings() {
  const [log] = useStoredValue(keys.recoveryLog);
  const [health, setHealth] = useState<StorageHealth | null>(null);
  const [message, flash] = useFlashMessage();
  const stats = useStorageStats();

  const onRepair = () => {
    try {
      const result = repairStorage(settingsStore());
      if (result.repaired === 0 && result.stillCorrupt === 0) flash(m.healthy);
      else if (result.stillCorrupt === 0) flash(m.repaired(result.repaired));
      else flash(m.partial(result.stillCorrupt), 'error');
      setHealth(checkIntegrity(settingsStore()));
    } catch (error) {
      flash(m.repairFailed(errorText(error)), 'error');
    }
  };

  return (
    <section
      id={ADVANCED_SETTINGS_ID}
      className="card settings-card settings-wide"
      aria-labelledby="settings-advanced"
      tabIndex={-1}
    >
      <h2 id="settings-advanced">Advanced Settings</h2>

      <h3>Storage health</h3>
      <div className="settings-actions">
        <button
          type="button"
          className="button secondary"
          onClick={() => setHealth(checkIntegrity(settingsStore()))}
        >
          Check Storage Health
        </button>
        <button type="button" className="button" onClick={onRepair}>
          Repair Storage
        </button>
      </div>
      <StatusLine message={message} />
      {health && (
        <div className="settings-health">
          {health.valid ? (
            <p className="status-ok">Healthy: all {health.totalKeys} stored items can be read.</p>
          ) : (
            <>
              <p className="status-error">
                {health.corruptKeys.length} of {health.totalKeys} stored items are corrupted:
              </p>
              <ul>
                {health.corruptKeys.map((c) => (
                  <li key={c.key}>
                    <code>{c.key}</code>: {c.error}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="settings-hint">Checked {new Date(health.timestamp).toLocaleString()}.</p>
        </div>
      )}

      <h3>Storage usage</h3>
      <p>
        {kilobytes(stats.totalSize)} in {stats.totalKeys} items, {stats.percentUsed.toFixed(2)}% of
        the 5 MB a browser usually allows.
      </p>
      <div className="settings-table-wrap">
        <table className="settings-table">
          <caption>Largest items</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {stats.largestKeys.map((k) => (
              <tr key={k.key}>
                <td>
                  <code>{k.key}</code>
                </td>
                <td className="settings-nowrap">{kilobytes(k.size)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>Recovery logs</h3>
      {log.length === 0 ? (
        <p className="settings-hint">No recoveries so far.</p>
      ) : (
        <div className="settings-table-wrap">
          <table className="settings-table">
            <caption>Storage recoveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {[...log].reverse().map((entry, i) => (
                <tr key={`${entry.timestamp}-${i}`}>
                  <td>{new Date(entry.timestamp).toLocaleString()}</td>
                  <td>{entry.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
