import { describe, expect, it } from 'vitest';
import { FakeStorage } from './fakeStorage.ts';
import {
  backupFileName,
  deleteAllSettings,
  exportSettings,
  importSettings,
  importSettingsFile,
} from './settingsBackup.ts';
import { createSettingsStore } from './settingsStore.ts';

function seeded() {
  const storage = new FakeStorage();
  storage.setItem('global_gain', '2.5');
  storage.setItem('user_initials', '"JM"');
  storage.setItem('custom_chanters', '[{"id":"c1","name":"Mine","frequencies":[426,480]}]');
  storage.setItem('global_selected_device', 'null');
  return { storage, store: createSettingsStore(storage) };
}

describe('backup and restore', () => {
  it('R-3.BACKUP-01 the backup maps each stored key to its parsed value', () => {
    expect(exportSettings(seeded().store)).toEqual({
      custom_chanters: [{ id: 'c1', name: 'Mine', frequencies: [426, 480] }],
      global_gain: 2.5,
      global_selected_device: null,
      user_initials: 'JM',
    });
  });

  it('R-9.SETTINGS-02 the file name is the prefix plus YYYY-MM-DD and .json', () => {
    expect(backupFileName(new Date(2025, 2, 7))).toBe('chanterlab-settings-2025-03-07.json');
  });

  it('R-2.3.SETTINGS-08 R-2.3.SETTINGS-09 R-2.3.SETTINGS-10 export, delete all, import restores every value byte for byte', () => {
    const { storage, store } = seeded();
    const before = new Map(
      [...Array(storage.length).keys()].map((i) => [
        storage.key(i)!,
        storage.getItem(storage.key(i)!),
      ]),
    );
    const file = JSON.stringify(exportSettings(store), null, 2);
    deleteAllSettings(store);
    expect(storage.length).toBe(0);
    expect(importSettings(store, file)).toEqual({ ok: true, count: 4 });
    for (const [k, v] of before) expect(storage.getItem(k)).toBe(v);
  });

  it('R-5.RESTORE-01 a file that is not a JSON object gives Invalid settings file format.', () => {
    const { store } = seeded();
    expect(importSettings(store, 'not json')).toEqual({
      ok: false,
      error: 'Invalid settings file format.',
    });
    expect(importSettings(store, '[1,2]')).toEqual({
      ok: false,
      error: 'Invalid settings file format.',
    });
  });

  it('R-5.RESTORE-02 R-8.SETMSG-04 no file gives No file selected.; an unreadable one Error reading file.', async () => {
    const { store } = seeded();
    expect(await importSettingsFile(store, null)).toEqual({
      ok: false,
      error: 'No file selected.',
    });
    const broken = { text: () => Promise.reject(new Error('io')) } as unknown as Blob;
    expect(await importSettingsFile(store, broken)).toEqual({
      ok: false,
      error: 'Error reading file.',
    });
    const good = new Blob(['{"global_gain":4}']);
    expect(await importSettingsFile(store, good)).toEqual({ ok: true, count: 1 });
  });
});
