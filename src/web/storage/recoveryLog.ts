/**
 * The storage recovery log (spec §3: a list of timestamp and message). Capped at 50 entries;
 * when even that cannot be saved, the newest 10 are kept (spec §9 'Recovery log cap').
 */
import { keys, type RecoveryLogEntry } from './keys.ts';
import type { SettingsStore } from './settingsStore.ts';

export const RECOVERY_LOG_CAP = 50;
export const RECOVERY_LOG_FALLBACK_CAP = 10;

export function appendRecoveryLog(
  store: SettingsStore,
  message: string,
  now: Date = new Date(),
): void {
  const entry: RecoveryLogEntry = { timestamp: now.toISOString(), message };
  const entries = [...store.read(keys.recoveryLog), entry];
  if (store.write(keys.recoveryLog, entries.slice(-RECOVERY_LOG_CAP))) return;
  store.write(keys.recoveryLog, entries.slice(-RECOVERY_LOG_FALLBACK_CAP));
}
