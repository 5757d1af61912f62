import { describe, expect, it, vi } from 'vitest';
import { FakeStorage } from './fakeStorage.ts';
import { activityKey, keys, type Activity } from './keys.ts';
import { loadMigrator, MISSING_MIGRATION_MODULE } from './loadMigrator.ts';
import { migrateSettings, v1ToV2Steps } from './migrateSettings.ts';
import { needsMigration, shouldShowMigrationNotice, storedSchemaVersion } from './schemaVersion.ts';
import { createSettingsStore } from './settingsStore.ts';

function v1(
  prefs: Partial<Record<Activity, { selectedDevice?: string; selectedChanter?: string }>>,
) {
  const storage = new FakeStorage();
  storage.setItem('settings_schema_version', '1');
  for (const [a, p] of Object.entries(prefs))
    storage.setItem(`${a}_preferences`, JSON.stringify(p));
  return { storage, store: createSettingsStore(storage) };
}

describe('schema version', () => {
  it('R-4.MIGRATION-01 R-9.CONST-37 a fresh browser is at version 2; old per-activity records mean version 1', () => {
    const fresh = createSettingsStore(new FakeStorage());
    expect(storedSchemaVersion(fresh)).toBe(2);
    expect(needsMigration(fresh)).toBe(false);
    const storage = new FakeStorage();
    storage.setItem('battle_preferences', '{"selectedDevice":"mic-1"}');
    expect(storedSchemaVersion(createSettingsStore(storage))).toBe(1);
    expect(needsMigration(v1({}).store)).toBe(true);
  });

  it('R-4.BANNER-01 the notice shows while a migration is needed and not dismissed', () => {
    const { store } = v1({ battle: { selectedDevice: 'm' } });
    expect(shouldShowMigrationNotice(store)).toBe(true);
    store.write(keys.migrationNoticeDismissed, true);
    expect(shouldShowMigrationNotice(store)).toBe(false);
  });
});

describe('migration v1 → v2', () => {
  it('R-4.MIGRATION-02 R-4.MIGRATION-03 the microphone comes from the first of Battle, Blaster, ChanterTest, PlayAlong that has one', () => {
    const { store } = v1({
      battle: { selectedChanter: 'Keyboard' },
      blaster: {},
      chantertest: { selectedDevice: 'mic-chantertest' },
      playalong: { selectedDevice: 'mic-playalong' },
    });
    expect(migrateSettings(store)).toEqual({ success: true, migrationsApplied: 1 });
    expect(store.read(keys.microphone)).toBe('mic-chantertest');
    expect(store.read(keys.migrationInfo)?.selectedMicSource).toBe('chantertest');
    const { store: s2 } = v1({ blaster: { selectedDevice: 'b' }, battle: { selectedDevice: 'a' } });
    migrateSettings(s2);
    expect(s2.read(keys.microphone)).toBe('a');
    const { store: s3 } = v1({ flashcard: { selectedDevice: 'ignored' } });
    migrateSettings(s3);
    expect(s3.read(keys.microphone)).toBeNull();
    expect(s3.read(keys.migrationInfo)?.selectedMicSource).toBeNull();
  });

  it('R-4.MIGRATION-04 R-4.MIGRATION-06 the chanter comes from the first of Battle, Blaster, ChanterTest, PlayAlong, FlashCard; sources recorded', () => {
    const { store } = v1({
      playalong: { selectedChanter: 'Standard' },
      flashcard: { selectedChanter: 'Keyboard' },
      blaster: { selectedChanter: 'Keyboard', selectedDevice: 'mic-b' },
    });
    migrateSettings(store);
    expect(store.read(keys.chanterName)).toBe('Keyboard');
    expect(store.read(keys.chanterId)).toBe('keyboard');
    const info = store.read(keys.migrationInfo)!;
    expect(info.selectedChanterSource).toBe('blaster');
    expect(info.selectedMicSource).toBe('blaster');
    expect(Number.isNaN(Date.parse(info.date))).toBe(false);
    const { store: s2 } = v1({ flashcard: { selectedChanter: 'Keyboard' } });
    migrateSettings(s2);
    expect(s2.read(keys.migrationInfo)?.selectedChanterSource).toBe('flashcard');
  });

  it('a custom chanter name is taken with its id from the saved chanters', () => {
    const { storage, store } = v1({ chantertest: { selectedChanter: 'My Naill' } });
    storage.setItem('custom_chanters', '[{"id":"c-9","name":"My Naill"}]');
    migrateSettings(store);
    expect(store.read(keys.chanterName)).toBe('My Naill');
    expect(store.read(keys.chanterId)).toBe('c-9');
  });

  it('R-4.MIGRATION-05 with no chanter anywhere the chanter is Standard', () => {
    const { store } = v1({ battle: { selectedDevice: 'm' } });
    migrateSettings(store);
    expect(store.read(keys.chanterName)).toBe('Standard');
    expect(store.read(keys.migrationInfo)?.selectedChanterSource).toBe('default');
  });

  it('R-4.MIGRATION-01 R-4.BANNER-03 sets version 2 and clears the notice dismissal; nothing to do afterwards', () => {
    const { store } = v1({ battle: { selectedDevice: 'm' } });
    store.write(keys.migrationNoticeDismissed, true);
    migrateSettings(store);
    expect(store.read(keys.schemaVersion)).toBe(2);
    expect(store.raw(keys.migrationNoticeDismissed.key)).toBeNull();
    expect(needsMigration(store)).toBe(false);
    expect(migrateSettings(store)).toEqual({ success: true, migrationsApplied: 0 });
    // Per-activity records stay (other screens still read their own extra fields).
    expect(store.read(activityKey('battle'))).toEqual({ selectedDevice: 'm' });
  });

  it('R-4.MIGRATION-07 R-4.MIGRATION-08 a failing step stops the migration and names the step', () => {
    const { store } = v1({ battle: { selectedDevice: 'm', selectedChanter: 'Keyboard' } });
    const spy = vi.spyOn(v1ToV2Steps[1]!, 'run').mockImplementation(() => {
      throw new Error('disk on fire');
    });
    expect(migrateSettings(store)).toEqual({
      success: false,
      migrationsApplied: 0,
      error: "step 'merge chanter' failed: disk on fire",
    });
    expect(store.read(keys.schemaVersion)).toBe(1);
    expect(store.read(keys.migrationInfo)).toBeNull();
    expect(store.read(keys.recoveryLog).at(-1)?.message).toBe(
      "Migration from version 1 stopped: step 'merge chanter' failed: disk on fire",
    );
    spy.mockRestore();
  });

  it('R-4.MIGRATION-09 R-4.MIGRATION-10 a missing migration module degrades to a default with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const migrate = await loadMigrator(() => Promise.reject(new Error('chunk gone')));
    expect(warn).toHaveBeenCalledWith(
      'Settings migration module unavailable; using defaults.',
      expect.any(Error),
    );
    expect(migrate(v1({}).store)).toEqual({
      success: false,
      migrationsApplied: 0,
      error: MISSING_MIGRATION_MODULE,
    });
    warn.mockRestore();
    expect(await loadMigrator()).toBe(migrateSettings);
  });
});
