import { useRef, useState } from 'react';
import { Dialog } from '../../ui/Dialog.tsx';
import {
  backupFileName,
  deleteAllSettings,
  exportSettings,
  importSettingsFile,
} from '../../storage/settingsBackup.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { settingsMessages as m } from './settingsMessages.ts';
import { StatusLine } from './StatusLine.tsx';
import { useFlashMessage } from './useFlashMessage.ts';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Spec §2.3 Settings 'Backup & Restore': export, import and delete all settings. */
export function BackupSection() {
  const [message, flash] = useFlashMessage();
  const [confirming, setConfirming] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const onExport = () => {
    try {
      download(backupFileName(), JSON.stringify(exportSettings(settingsStore()), null, 2));
      flash(m.exported);
    } catch {
      flash(m.exportFailed, 'error');
    }
  };

  const onImport = async () => {
    const result = await importSettingsFile(settingsStore(), file.current?.files?.[0]);
    if (result.ok) {
      flash(m.imported);
      if (file.current) file.current.value = '';
    } else flash(result.error, 'error');
  };

  const onDelete = () => {
    setConfirming(false);
    try {
      deleteAllSettings(settingsStore());
      flash(m.deleted);
    } catch {
      flash(m.deleteFailed, 'error');
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="settings-backup">
      <h2 id="settings-backup">Backup &amp; Restore</h2>
      <p className="settings-hint">
        Save all your settings to a file, move them to another browser, or start afresh.
      </p>
      <div className="settings-actions">
        <button type="button" className="button" onClick={onExport}>
          Export Settings
        </button>
      </div>
      <div className="settings-field">
        <label htmlFor="settings-import-file">Settings file to import</label>
        <div className="settings-row">
          <input id="settings-import-file" ref={file} type="file" accept=".json,application/json" />
          <button type="button" className="button secondary" onClick={() => void onImport()}>
            Import Settings
          </button>
        </div>
      </div>
      <div className="settings-actions">
        <button type="button" className="button danger" onClick={() => setConfirming(true)}>
          Delete All Settings
        </button>
      </div>
      <StatusLine message={message} />
      {confirming && (
        <Dialog
          title="Delete all settings"
          onClose={() => setConfirming(false)}
          actions={
            <>
              <button
                type="button"
                className="button secondary"
                onClick={() => setConfirming(false)}
              >
                Cancel
              </button>
              <button type="button" className="button danger" onClick={onDelete}>
                Delete
              </button>
            </>
          }
        >
          <p>{m.confirmDelete}</p>
        </Dialog>
      )}
    </section>
  );
}
