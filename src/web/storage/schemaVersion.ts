/**
 * Which schema the stored settings follow (spec §4 'Settings schema migration'). Small on
 * purpose: the layout's migration notice reads it on every page; the migration itself lives
 * in migrateSettings.ts and loads only when a piper upgrades.
 */
import {
  CURRENT_SCHEMA_VERSION,
  OLD_SCHEMA_VERSION,
  activities,
  activityKey,
  keys,
} from './keys.ts';
import type { SettingsStore } from './settingsStore.ts';

/**
 * The stored version. With no version stored, settings written by the old app (per-activity
 * records) are version 1; a fresh browser is already current.
 */
export function storedSchemaVersion(store: SettingsStore): number {
  const stored = store.read(keys.schemaVersion);
  if (stored !== null) return stored;
  const hasLegacy = activities.some((a) => store.raw(activityKey(a).key) !== null);
  return hasLegacy ? OLD_SCHEMA_VERSION : CURRENT_SCHEMA_VERSION;
}

export function needsMigration(store: SettingsStore): boolean {
  return storedSchemaVersion(store) < CURRENT_SCHEMA_VERSION;
}

/** Spec §4: the notice shows while a migration is needed and it has not been dismissed. */
export function shouldShowMigrationNotice(store: SettingsStore): boolean {
  return needsMigration(store) && !store.read(keys.migrationNoticeDismissed);
}
