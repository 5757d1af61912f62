import { describe, expect, it, vi } from 'vitest';
import { FakeStorage } from './fakeStorage.ts';
import { keys } from './keys.ts';
import { createSettingsStore } from './settingsStore.ts';
import {
  ASSUMED_QUOTA_BYTES,
  checkIntegrity,
  emergencyRecovery,
  repairStorage,
  shouldSkipIntegrityCheck,
  startupIntegrityCheck,
  storageStats,
} from './storageHealth.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

function fresh() {
  const storage = new FakeStorage();
  return { storage, store: createSettingsStore(storage) };
}

describe('integrity check', () => {
  it('R-3.HEALTH-01 reports valid, timestamp, totalKeys and corrupt keys with their error', () => {
    const { storage, store } = fresh();
    storage.setItem('global_gain', '3');
    storage.setItem('custom_chanters', '[{"id":"a"');
    storage.setItem('mystery', 'undefined');
    storage.setItem('user_initials', '"ABCD"');
    const health = checkIntegrity(store, NOW);
    expect(health).toEqual({
      valid: false,
      timestamp: '2025-06-01T12:00:00.000Z',
      totalKeys: 4,
      corruptKeys: [
        { key: 'custom_chanters', error: 'Value looks truncated' },
        { key: 'mystery', error: 'Value contains undefined' },
        { key: 'user_initials', error: 'Value has the wrong shape' },
      ],
    });
    storage.clear();
    storage.setItem('global_gain', '3');
    expect(checkIntegrity(store, NOW).valid).toBe(true);
  });

  it('R-4.RECOVERY-10 R-9.CONST-36 is skipped with more than 20 keys checked under 24 hours ago', () => {
    const { storage, store } = fresh();
    for (let i = 0; i < 20; i++) storage.setItem(`k${i}`, '1');
    storage.setItem('storage_integrity_last_check', String(NOW.getTime() - 60_000));
    expect(storage.length).toBe(21);
    expect(shouldSkipIntegrityCheck(store, NOW.getTime())).toBe(true);
    // 24 hours or more since the last check: not skipped.
    expect(shouldSkipIntegrityCheck(store, NOW.getTime() + 24 * 3600_000)).toBe(false);
    // 20 keys or fewer: not skipped.
    storage.removeItem('k0');
    expect(shouldSkipIntegrityCheck(store, NOW.getTime())).toBe(false);
  });

  it('the start-up check repairs and records the check time, then skips while the rule holds', () => {
    const { storage, store } = fresh();
    storage.setItem('global_gain', 'NaN-ish');
    expect(startupIntegrityCheck(store, NOW)?.valid).toBe(false);
    expect(store.read(keys.gain)).toBe(1);
    expect(store.read(keys.integrityLastCheck)).toBe(NOW.getTime());
    for (let i = 0; i < 25; i++) storage.setItem(`k${i}`, '1');
    expect(startupIntegrityCheck(store, NOW)).toBeNull();
  });
});

describe('repair', () => {
  it('R-4.RECOVERY-06 R-9.CONST-27 R-9.SETTINGS-03 R-9.SETTINGS-04 R-9.SETTINGS-05 corrupt known keys reset: microphone null, chanter Standard, chanter list empty, gain 1.0, schema version 2', () => {
    const { storage, store } = fresh();
    storage.setItem('global_selected_device', '{"id":');
    storage.setItem('global_selected_chanter', 'undefined');
    storage.setItem('custom_chanters', '[{"id":1');
    storage.setItem('global_gain', 'abc');
    storage.setItem('settings_schema_version', '"two"');
    expect(repairStorage(store, NOW)).toEqual({ repaired: 5, stillCorrupt: 0, emergency: false });
    expect(storage.getItem('global_selected_device')).toBe('null');
    expect(storage.getItem('global_selected_chanter')).toBe('"Standard"');
    expect(storage.getItem('custom_chanters')).toBe('[]');
    expect(storage.getItem('global_gain')).toBe('1');
    expect(storage.getItem('settings_schema_version')).toBe('2');
  });

  it('R-4.RECOVERY-07 R-9.SETTINGS-06 corrupt unknown keys are removed; healthy keys stay', () => {
    const { storage, store } = fresh();
    storage.setItem('somebody_else', '{"broken"');
    storage.setItem('blaster_high_score', '"lots"');
    storage.setItem('user_initials', '"JM"');
    expect(repairStorage(store, NOW).repaired).toBe(2);
    expect(storage.getItem('somebody_else')).toBeNull();
    expect(storage.getItem('blaster_high_score')).toBeNull();
    expect(storage.getItem('user_initials')).toBe('"JM"');
    expect(store.read(keys.recoveryLog).at(-1)).toEqual({
      timestamp: NOW.toISOString(),
      message: 'Repaired 2 corrupted storage item(s)',
    });
  });

  it('healthy storage needs no repair', () => {
    const { store } = fresh();
    store.write(keys.gain, 2);
    expect(repairStorage(store, NOW)).toEqual({ repaired: 0, stillCorrupt: 0, emergency: false });
  });

  it('R-4.RECOVERY-08 R-4.RECOVERY-09 critical keys still corrupt after repair trigger emergency recovery', () => {
    const { storage, store } = fresh();
    storage.setItem('local_user_uuid', JSON.stringify(UUID));
    storage.setItem('user_initials', '"JM"');
    storage.setItem('custom_chanters', '[{"id":"c1","name":"Mine"}]');
    storage.setItem('blaster_high_score', '900');
    storage.setItem('global_gain', '{"x"');
    // A write that leaves the gain corrupt (a failing disk, say) defeats the normal repair once.
    const setItem = storage.setItem.bind(storage);
    let broken = true;
    vi.spyOn(storage, 'setItem').mockImplementation((k, v) =>
      setItem(k, k === 'global_gain' && broken ? '{"still broken"' : v),
    );
    vi.spyOn(storage, 'clear').mockImplementation(() => {
      broken = false;
      FakeStorage.prototype.clear.call(storage);
    });
    const result = repairStorage(store, NOW);
    expect(result).toEqual({ repaired: 1, stillCorrupt: 0, emergency: true });
    expect(storage.getItem('local_user_uuid')).toBe(JSON.stringify(UUID));
    expect(storage.getItem('user_initials')).toBe('"JM"');
    expect(storage.getItem('custom_chanters')).toBe('[{"id":"c1","name":"Mine"}]');
    expect(storage.getItem('blaster_high_score')).toBeNull();
    expect(storage.getItem('global_gain')).toBe('3');
    expect(storage.getItem('settings_schema_version')).toBe('2');
    expect(storage.getItem('global_selected_chanter')).toBe('"Standard"');
    expect(storage.getItem('global_selected_device')).toBe('null');
  });

  it('R-4.RECOVERY-09 emergency recovery keeps only the backed-up uuid, initials and custom chanters', () => {
    const { storage, store } = fresh();
    storage.setItem('local_user_uuid', JSON.stringify(UUID));
    storage.setItem('user_initials', '"AB"');
    storage.setItem('custom_chanters', '[{"id":"c1","name":"Mine"}]');
    storage.setItem('metronome_preferences', '{"view":"Circle","sound":"Beep","haptics":false}');
    emergencyRecovery(store, NOW);
    expect(store.read(keys.userUuid)).toBe(UUID);
    expect(store.read(keys.initials)).toBe('AB');
    expect(store.read(keys.customChanters)).toEqual([{ id: 'c1', name: 'Mine' }]);
    expect(storage.getItem('metronome_preferences')).toBeNull();
    expect(store.read(keys.recoveryLog).at(-1)?.message).toBe(
      'Emergency recovery: storage cleared and defaults restored',
    );
  });
});

describe('storage stats', () => {
  it('R-3.STATS-01 R-9.CONST-32 R-9.CONST-33 total size, percent of 5 MB, key count and the 5 largest keys', () => {
    const { storage, store } = fresh();
    const sizes = [10, 60, 30, 50, 20, 40, 5];
    sizes.forEach((n, i) => storage.setItem(`key${i}`, 'x'.repeat(n)));
    const stats = storageStats(store);
    const bytes = sizes.reduce((s, n) => s + (4 + n) * 2, 0);
    expect(ASSUMED_QUOTA_BYTES).toBe(5 * 1024 * 1024);
    expect(stats.totalSize).toBe(bytes);
    expect(stats.percentUsed).toBeCloseTo((bytes / ASSUMED_QUOTA_BYTES) * 100, 10);
    expect(stats.totalKeys).toBe(7);
    expect(stats.largestKeys.map((k) => k.key)).toEqual(['key1', 'key3', 'key5', 'key2', 'key4']);
    expect(stats.largestKeys[0]).toEqual({ key: 'key1', size: 128 });
  });
});
