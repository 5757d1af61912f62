/**
 * Integrity check, repair, emergency recovery and usage stats (spec §3 'Storage health
 * result', 'Storage stats'; §4 'Storage recovery'; §9 'Storage size assumed', 'Integrity
 * check skip', 'Repair resets …').
 */
import {
  CURRENT_SCHEMA_VERSION,
  STANDARD_CHANTER,
  builtInChanterIds,
  keyDefOf,
  keys,
  type CustomChanter,
  type KeyDef,
} from './keys.ts';
import { ensureLocalUserId } from './localUser.ts';
import { appendRecoveryLog } from './recoveryLog.ts';
import { isCriticalName, problemOf, type SettingsStore } from './settingsStore.ts';

export interface CorruptKey {
  readonly key: string;
  readonly error: string;
}

export interface StorageHealth {
  readonly valid: boolean;
  readonly timestamp: string;
  readonly totalKeys: number;
  readonly corruptKeys: readonly CorruptKey[];
}

const problemText = {
  truncated: 'Value looks truncated',
  undefined: 'Value contains undefined',
  unparsable: 'Value is not valid JSON',
  invalid: 'Value has the wrong shape',
} as const;

export function checkIntegrity(store: SettingsStore, now: Date = new Date()): StorageHealth {
  const names = store.names();
  const corruptKeys: CorruptKey[] = [];
  for (const key of names) {
    const raw = store.raw(key);
    if (raw === null) continue;
    const problem = problemOf(raw, keyDefOf(key));
    if (problem) corruptKeys.push({ key, error: problemText[problem] });
  }
  return {
    valid: corruptKeys.length === 0,
    timestamp: now.toISOString(),
    totalKeys: names.length,
    corruptKeys,
  };
}

/** Spec §9: skipped when there are more than 20 keys and the last check was under 24 h ago. */
export const SKIP_MIN_KEYS = 20;
export const SKIP_WINDOW_MS = 24 * 60 * 60 * 1000;

export function shouldSkipIntegrityCheck(store: SettingsStore, now: number = Date.now()): boolean {
  const last = store.read(keys.integrityLastCheck);
  return store.names().length > SKIP_MIN_KEYS && last > 0 && now - last < SKIP_WINDOW_MS;
}

/** Values a corrupt known key is reset to (spec §4, §9: gain 1.0, not the usual 3). */
const repairDefaults: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  [keys.microphone.key, null],
  [keys.chanterName.key, STANDARD_CHANTER],
  [keys.chanterId.key, builtInChanterIds[STANDARD_CHANTER]],
  [keys.customChanters.key, []],
  [keys.gain.key, 1.0],
  [keys.schemaVersion.key, CURRENT_SCHEMA_VERSION],
  [keys.initials.key, ''],
]);

export interface RepairResult {
  readonly repaired: number;
  readonly stillCorrupt: number;
  readonly emergency: boolean;
}

/**
 * Resets corrupt known keys to their defaults and removes other corrupt keys; if critical keys
 * are still corrupt afterwards, runs emergency recovery.
 */
export function repairStorage(store: SettingsStore, now: Date = new Date()): RepairResult {
  const before = checkIntegrity(store, now);
  if (before.valid) return { repaired: 0, stillCorrupt: 0, emergency: false };
  for (const { key } of before.corruptKeys) {
    if (key === keys.userUuid.key) {
      store.remove(key);
      ensureLocalUserId(store);
    } else if (repairDefaults.has(key)) {
      store.write({ key } as KeyDef<unknown>, repairDefaults.get(key));
    } else {
      store.remove(key);
    }
  }
  let after = checkIntegrity(store, now);
  let emergency = false;
  if (after.corruptKeys.some((c) => isCriticalName(c.key))) {
    emergencyRecovery(store, now);
    emergency = true;
    after = checkIntegrity(store, now);
  }
  const stillCorrupt = after.corruptKeys.length;
  const repaired = before.corruptKeys.length - stillCorrupt;
  appendRecoveryLog(
    store,
    stillCorrupt === 0
      ? `Repaired ${repaired} corrupted storage item(s)`
      : `Repair left ${stillCorrupt} corrupted storage item(s)`,
    now,
  );
  return { repaired, stillCorrupt, emergency };
}

function safeValue<T>(store: SettingsStore, def: KeyDef<T>): T | undefined {
  const raw = store.raw(def.key);
  if (raw === null || problemOf(raw, def as KeyDef<unknown>) !== null) return undefined;
  return JSON.parse(raw) as T;
}

/**
 * Spec §4: back up uuid, initials and custom chanters, clear all storage, rewrite the
 * defaults and restore the backup.
 */
export function emergencyRecovery(store: SettingsStore, now: Date = new Date()): void {
  const uuid = safeValue(store, keys.userUuid);
  const initials = safeValue(store, keys.initials);
  const chanters = safeValue<readonly CustomChanter[]>(store, keys.customChanters);
  store.clear();
  store.write(keys.schemaVersion, CURRENT_SCHEMA_VERSION);
  store.write(keys.microphone, keys.microphone.fallback);
  store.write(keys.chanterName, keys.chanterName.fallback);
  store.write(keys.chanterId, keys.chanterId.fallback);
  store.write(keys.customChanters, chanters ?? keys.customChanters.fallback);
  store.write(keys.gain, keys.gain.fallback);
  store.write(keys.initials, initials ?? keys.initials.fallback);
  if (uuid) store.write(keys.userUuid, uuid);
  ensureLocalUserId(store);
  appendRecoveryLog(store, 'Emergency recovery: storage cleared and defaults restored', now);
}

/**
 * Runs at start: checks unless the skip rule applies, repairs what is corrupt, and records
 * the time of the check.
 */
export function startupIntegrityCheck(
  store: SettingsStore,
  now: Date = new Date(),
): StorageHealth | null {
  if (shouldSkipIntegrityCheck(store, now.getTime())) return null;
  const health = checkIntegrity(store, now);
  if (!health.valid) repairStorage(store, now);
  store.write(keys.integrityLastCheck, now.getTime());
  return health;
}

/** Spec §9: 5 MB assumed; the 5 largest keys and the percentage used. */
export const ASSUMED_QUOTA_BYTES = 5 * 1024 * 1024;
export const LARGEST_KEYS = 5;

export interface StorageStats {
  readonly totalSize: number;
  readonly percentUsed: number;
  readonly totalKeys: number;
  readonly largestKeys: readonly { readonly key: string; readonly size: number }[];
}

/** Sizes are in bytes of UTF-16, as browsers count them against the quota. */
export function storageStats(store: SettingsStore): StorageStats {
  const sizes = store
    .names()
    .map((key) => ({ key, size: (key.length + (store.raw(key)?.length ?? 0)) * 2 }));
  const totalSize = sizes.reduce((sum, s) => sum + s.size, 0);
  return {
    totalSize,
    percentUsed: (totalSize / ASSUMED_QUOTA_BYTES) * 100,
    totalKeys: sizes.length,
    largestKeys: [...sizes].sort((a, b) => b.size - a.size).slice(0, LARGEST_KEYS),
  };
}
