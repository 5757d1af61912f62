import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeStorage } from './fakeStorage.ts';
import {
  activityKey,
  allKeyDefs,
  isDisposableName,
  keys,
  sessionKeys,
  dialogSeenKey,
} from './keys.ts';
import { ensureLocalUserId, normaliseInitials, saveInitials } from './localUser.ts';
import { selectChanter } from './selectChanter.ts';
import { createSettingsStore, problemOf, settingsStore } from './settingsStore.ts';
import { RECOVERY_LOG_CAP, RECOVERY_LOG_FALLBACK_CAP, appendRecoveryLog } from './recoveryLog.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function fresh(quota = Infinity) {
  const storage = new FakeStorage(quota);
  return { storage, store: createSettingsStore(storage) };
}

afterEach(() => vi.restoreAllMocks());

describe('key table', () => {
  it('R-9.KEYS-01 R-3.LOCALID-01 names the spec keys', () => {
    expect(keys.userUuid.key).toBe('local_user_uuid');
    expect(keys.activeSection.key).toBe('active_section');
    expect(keys.forceNavigateToChanterSync.key).toBe('_force_navigate_to_chantersync');
    expect(sessionKeys.customChanterInstance.key).toBe('dlg_custom_chanter_instance');
    expect(sessionKeys.keyboardInfoInstance.key).toBe('dlg_keyboard_info_instance');
    expect(dialogSeenKey('calibration_dialog_seen', 'battle').key).toBe(
      'calibration_dialog_seenbattle',
    );
    expect(dialogSeenKey('keyboard_info_seen', 'flashcard').key).toBe(
      'keyboard_info_seenflashcard',
    );
  });

  it('R-3.STORAGE-02..17 R-3.STORAGE-08 R-9.CONST-26 holds every record with its default', () => {
    expect(keys.microphone.fallback).toBeNull();
    expect(keys.chanterName.fallback).toBe('Standard');
    expect(keys.customChanters.fallback).toEqual([]);
    expect(keys.initials.fallback).toBe('');
    expect(keys.gain.fallback).toBe(3);
    expect(keys.dismissedPopups.fallback).toEqual({});
    expect(keys.metronome.fallback).toEqual({ view: 'Pendulum', sound: 'Beep', haptics: false });
    for (const a of [
      'battle',
      'blaster',
      'chantertest',
      'playalong',
      'flashcard',
      'chantersync',
    ] as const) {
      expect(activityKey(a).key).toBe(`${a}_preferences`);
    }
  });

  it('R-4.RECOVERY-05 critical keys are schema version, microphone, chanter, custom chanters, gain, uuid, initials, chantersync preferences', () => {
    const critical = allKeyDefs
      .filter((d) => d.critical)
      .map((d) => d.key)
      .sort();
    expect(critical).toEqual(
      [
        keys.schemaVersion.key,
        keys.microphone.key,
        keys.chanterName.key,
        keys.chanterId.key,
        keys.customChanters.key,
        keys.gain.key,
        keys.userUuid.key,
        keys.initials.key,
        activityKey('chantersync').key,
      ].sort(),
    );
  });

  it('R-4.RECOVERY-01 disposable names contain log, cache, history or recent; the table agrees', () => {
    expect(['a_log', 'tune_cache', 'HISTORY', 'recent_tunes'].every(isDisposableName)).toBe(true);
    expect(isDisposableName('global_gain')).toBe(false);
    for (const d of allKeyDefs) expect(d.disposable).toBe(!d.critical && isDisposableName(d.key));
    expect(keys.recoveryLog.disposable).toBe(true);
  });
});

describe('writes and reads', () => {
  it('R-3.STORAGE-01 values are stored as JSON', () => {
    const { storage, store } = fresh();
    store.write(keys.customChanters, [{ id: 'c1', name: 'Mine' }]);
    store.write(keys.initials, 'ABC');
    expect(storage.getItem('custom_chanters')).toBe('[{"id":"c1","name":"Mine"}]');
    expect(storage.getItem('user_initials')).toBe('"ABC"');
    expect(store.read(keys.customChanters)).toEqual([{ id: 'c1', name: 'Mine' }]);
  });

  it('R-5.STORAGE-01 a write of undefined is refused', () => {
    const { storage, store } = fresh();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(store.write(keys.microphone, undefined as unknown as null)).toBe(false);
    expect(storage.getItem('global_selected_device')).toBeNull();
  });

  it('R-5.STORAGE-02 a write of an unserialisable value is refused', () => {
    const { storage, store } = fresh();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(store.write(keys.migrationInfo, circular as never)).toBe(false);
    expect(store.write(keys.gain, 10n as unknown as number)).toBe(false);
    expect(store.write(keys.gain, (() => 1) as unknown as number)).toBe(false);
    expect(storage.length).toBe(0);
  });

  it('R-5.STORAGE-03 a truncated value reads as the default', () => {
    const { storage, store } = fresh();
    storage.setItem('custom_chanters', '[{"id":"c1","name":"Mi');
    storage.setItem('metronome_preferences', '{"view":"Circle"');
    storage.setItem('user_initials', '"AB');
    expect(store.read(keys.customChanters)).toEqual([]);
    expect(store.read(keys.metronome)).toEqual(keys.metronome.fallback);
    expect(store.read(keys.initials)).toBe('');
    expect(problemOf('{"a":1')).toBe('truncated');
  });

  it('R-5.STORAGE-04 a value containing undefined reads as the default', () => {
    const { storage, store } = fresh();
    storage.setItem('global_selected_device', 'undefined');
    storage.setItem('settings_migration_info', '{"date":undefined}');
    expect(store.read(keys.microphone)).toBeNull();
    expect(store.read(keys.migrationInfo)).toBeNull();
    expect(problemOf('undefined')).toBe('undefined');
  });

  it('R-5.STORAGE-05 a value that fails JSON parsing reads as the default', () => {
    const { storage, store } = fresh();
    storage.setItem('global_gain', 'abc');
    expect(store.read(keys.gain)).toBe(3);
    expect(problemOf('abc')).toBe('unparsable');
  });

  it('a value of the wrong shape reads as the default', () => {
    const { storage, store } = fresh();
    storage.setItem('global_gain', '"loud"');
    expect(store.read(keys.gain)).toBe(3);
  });
});

describe('chanter selection', () => {
  it('R-5.STORAGE-06 R-5.STORAGE-07 R-3.CHANTER-03 R-3.CHANTER-04 Standard and Keyboard store their fixed ids', () => {
    const { store } = fresh();
    expect(selectChanter(store, 'Keyboard')).toBe(true);
    expect(store.read(keys.chanterName)).toBe('Keyboard');
    expect(store.read(keys.chanterId)).toBe('keyboard');
    selectChanter(store, 'Standard');
    expect(store.read(keys.chanterId)).toBe('standard');
  });

  it('R-5.STORAGE-08 R-3.CHANTER-05 a custom name looks up its id in the custom chanters list', () => {
    const { store } = fresh();
    store.write(keys.customChanters, [
      { id: 'c-1', name: 'Naill' },
      { id: 'c-2', name: 'McCallum' },
    ]);
    expect(selectChanter(store, 'McCallum')).toBe(true);
    expect(store.read(keys.chanterId)).toBe('c-2');
    expect(selectChanter(store, 'Unknown')).toBe(false);
    expect(store.read(keys.chanterName)).toBe('McCallum');
  });
});

describe('local user', () => {
  it('R-3.LOCALID-01 a v4 UUID is created and kept under local_user_uuid', () => {
    const { storage, store } = fresh();
    const id = ensureLocalUserId(store);
    expect(id).toMatch(UUID_V4);
    expect(JSON.parse(storage.getItem('local_user_uuid')!)).toBe(id);
    expect(ensureLocalUserId(store)).toBe(id);
  });

  it('R-3.LOCALID-02 an invalid stored id is regenerated', () => {
    const { storage, store } = fresh();
    storage.setItem('local_user_uuid', JSON.stringify('6ba7b810-9dad-11d1-80b4-00c04fd430c8')); // v1
    const id = ensureLocalUserId(store);
    expect(id).toMatch(UUID_V4);
    expect(id).not.toBe('6ba7b810-9dad-11d1-80b4-00c04fd430c8');
  });

  it('R-3.LOCALID-03 a legacy local- id is replaced', () => {
    const { storage, store } = fresh();
    storage.setItem('local_user_uuid', JSON.stringify('local-1699999999-abc'));
    expect(ensureLocalUserId(store)).toMatch(UUID_V4);
  });

  it('R-5.INPUTS-01 R-5.INPUTS-02 R-9.CONST-04 R-1.ACCOUNTS-05 initials: at most 3 characters, upper-cased', () => {
    const { store } = fresh();
    expect(normaliseInitials('abcd')).toBe('ABC');
    expect(saveInitials(store, 'jm')).toBe('JM');
    expect(store.read(keys.initials)).toBe('JM');
  });
});

describe('quota exceeded', () => {
  it('R-4.RECOVERY-01 R-4.RECOVERY-03 removes disposable keys first, then retries the write once', () => {
    const { storage, store } = fresh(400);
    storage.setItem('tune_cache', JSON.stringify('x'.repeat(150)));
    storage.setItem('recent_tunes', JSON.stringify('y'.repeat(50)));
    storage.setItem('blaster_high_score', '1200');
    storage.setItem('global_gain', '3');
    const setItem = vi.spyOn(storage, 'setItem');
    expect(store.write(keys.customChanters, [{ id: 'c', name: 'z'.repeat(150) }])).toBe(true);
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(storage.getItem('tune_cache')).toBeNull();
    expect(storage.getItem('recent_tunes')).toBeNull();
    expect(storage.getItem('blaster_high_score')).toBe('1200');
    expect(storage.getItem('global_gain')).toBe('3');
    // The recovery is logged (the log itself is disposable, so it is written after).
  });

  it('R-4.RECOVERY-02 with no disposable keys, about half of the non-critical keys go', () => {
    const { storage, store } = fresh(300);
    for (const k of ['a_pref', 'b_pref', 'c_pref', 'd_pref'])
      storage.setItem(k, JSON.stringify('v'.repeat(40)));
    storage.setItem('global_gain', '3');
    storage.setItem('user_initials', '"AB"');
    expect(
      store.write(keys.migrationInfo, {
        date: 'd'.repeat(60),
        selectedMicSource: null,
        selectedChanterSource: 'default',
      }),
    ).toBe(true);
    const left = ['a_pref', 'b_pref', 'c_pref', 'd_pref'].filter(
      (k) => storage.getItem(k) !== null,
    );
    expect(left).toHaveLength(2);
    expect(storage.getItem('global_gain')).toBe('3');
    expect(storage.getItem('user_initials')).toBe('"AB"');
  });

  it('R-4.RECOVERY-04 R-4.RECOVERY-05 when the retry fails the write returns false and critical keys stay', () => {
    const { storage, store } = fresh(60);
    storage.setItem('global_gain', '3');
    storage.setItem('user_initials', '"AB"');
    storage.setItem('local_user_uuid', '"u"');
    const setItem = vi.spyOn(storage, 'setItem');
    expect(store.write(keys.initials, 'X'.repeat(80) as string)).toBe(false);
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(storage.getItem('global_gain')).toBe('3');
    expect(storage.getItem('user_initials')).toBe('"AB"');
    expect(storage.getItem('local_user_uuid')).toBe('"u"');
  });

  it('a quota recovery is written to the recovery log, which never frees space for itself', () => {
    const storage = new FakeStorage(350);
    storage.setItem('tune_cache', JSON.stringify('x'.repeat(180)));
    const store = createSettingsStore(storage, {
      onRecovery: (m) => appendRecoveryLog(store, m),
    });
    const info = { date: 'd'.repeat(100), selectedMicSource: null, selectedChanterSource: 'x' };
    expect(store.write(keys.migrationInfo, info)).toBe(true);
    expect(store.read(keys.migrationInfo)).toEqual(info);
    expect(store.read(keys.recoveryLog).at(-1)?.message).toBe(
      'Storage full: removed 1 key(s) (tune_cache) to save settings_migration_info',
    );
  });
});

describe('recovery log', () => {
  it('R-3.STORAGE-16 R-9.CONST-34 keeps timestamp and message, capped at 50 entries', () => {
    const { store } = fresh();
    const at = new Date('2025-01-02T03:04:05.000Z');
    for (let i = 0; i < 60; i++) appendRecoveryLog(store, `m${i}`, at);
    const log = store.read(keys.recoveryLog);
    expect(log).toHaveLength(RECOVERY_LOG_CAP);
    expect(log[0]).toEqual({ timestamp: '2025-01-02T03:04:05.000Z', message: 'm10' });
    expect(log.at(-1)?.message).toBe('m59');
  });

  it('R-9.CONST-35 keeps the newest 10 when 50 cannot be saved', () => {
    const { store } = fresh();
    for (let i = 0; i < 49; i++) appendRecoveryLog(store, `m${i}`);
    const write = store.write.bind(store);
    vi.spyOn(store, 'write').mockImplementation(((def, value) =>
      Array.isArray(value) && value.length > RECOVERY_LOG_FALLBACK_CAP
        ? false
        : write(def, value)) as typeof store.write);
    appendRecoveryLog(store, 'last');
    const log = store.read(keys.recoveryLog);
    expect(log).toHaveLength(10);
    expect(log.at(-1)?.message).toBe('last');
  });
});

describe('cross-tab changes', () => {
  it('a storage event from another tab notifies subscribers, who read the newer value', () => {
    const store = settingsStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    window.localStorage.setItem('user_initials', '"XYZ"');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'user_initials', storageArea: window.localStorage }),
    );
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.read(keys.initials)).toBe('XYZ');
    unsubscribe();
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'user_initials', storageArea: window.localStorage }),
    );
    expect(listener).toHaveBeenCalledTimes(1);
    window.localStorage.clear();
  });
});
