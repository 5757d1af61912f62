/**
 * Start-up care of the local settings, loaded lazily by the layout: the integrity check with
 * its skip rule and repair (spec §4 'Storage recovery'), and a valid local user id (spec §3).
 */
import { ensureLocalUserId } from './localUser.ts';
import { settingsStore } from './settingsStore.ts';
import { startupIntegrityCheck } from './storageHealth.ts';

export function runStartupChecks(): void {
  const store = settingsStore();
  if (!store.storage) return;
  startupIntegrityCheck(store);
  ensureLocalUserId(store);
}
