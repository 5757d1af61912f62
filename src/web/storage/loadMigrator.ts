/**
 * Loads the migration module on demand. If it cannot be loaded, migration degrades to a
 * harmless default with a warning (spec §4 'If the migration module is missing, functions
 * degrade to defaults with a warning').
 */
import type { MigrationResult } from './migrateSettings.ts';
import type { SettingsStore } from './settingsStore.ts';

export type Migrator = (store: SettingsStore) => MigrationResult;

export const MISSING_MIGRATION_MODULE = 'the migration module is missing';

export async function loadMigrator(
  importer: () => Promise<{ migrateSettings: Migrator }> = () => import('./migrateSettings.ts'),
): Promise<Migrator> {
  try {
    return (await importer()).migrateSettings;
  } catch (error) {
    console.warn('Settings migration module unavailable; using defaults.', error);
    return () => ({ success: false, migrationsApplied: 0, error: MISSING_MIGRATION_MODULE });
  }
}
