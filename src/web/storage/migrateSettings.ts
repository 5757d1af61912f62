/**
 * Schema migration v1 → v2 (spec §4 'Settings schema migration'): per-activity choices merge
 * into the global settings. The microphone comes from the first activity that has one in the
 * order Battle, Blaster, ChanterTest, PlayAlong; the chanter from the first in Battle, Blaster,
 * ChanterTest, PlayAlong, FlashCard (default Standard). The sources go into the migration
 * info. A failing step stops the migration and names the step. Upgrading clears the notice's
 * dismissal.
 */
import {
  CURRENT_SCHEMA_VERSION,
  STANDARD_CHANTER,
  activityKey,
  keys,
  type Activity,
} from './keys.ts';
import { appendRecoveryLog } from './recoveryLog.ts';
import { storedSchemaVersion } from './schemaVersion.ts';
import { chanterIdOf } from './selectChanter.ts';
import type { SettingsStore } from './settingsStore.ts';

export const MIC_SOURCE_ORDER: readonly Activity[] = [
  'battle',
  'blaster',
  'chantertest',
  'playalong',
];
export const CHANTER_SOURCE_ORDER: readonly Activity[] = [
  'battle',
  'blaster',
  'chantertest',
  'playalong',
  'flashcard',
];

export type MigrationResult =
  | { readonly success: true; readonly migrationsApplied: number }
  | { readonly success: false; readonly migrationsApplied: number; readonly error: string };

interface Step {
  readonly name: string;
  run(store: SettingsStore, state: Record<string, unknown>): void;
}

function firstWith(
  store: SettingsStore,
  order: readonly Activity[],
  field: 'selectedDevice' | 'selectedChanter',
  usable: (value: string) => boolean = () => true,
): { value: string; source: Activity } | null {
  for (const activity of order) {
    const value = store.read(activityKey(activity))?.[field];
    if (typeof value === 'string' && value !== '' && usable(value)) {
      return { value, source: activity };
    }
  }
  return null;
}

function mustWrite(ok: boolean, what: string): void {
  if (!ok) throw new Error(`could not save ${what}`);
}

/** The steps of v1 → v2, in order. Exported so tests can make one fail. */
export const v1ToV2Steps: Step[] = [
  {
    name: 'merge microphone',
    run(store, state) {
      const mic = firstWith(store, MIC_SOURCE_ORDER, 'selectedDevice');
      state.micSource = mic?.source ?? null;
      mustWrite(store.write(keys.microphone, mic?.value ?? null), 'the microphone');
    },
  },
  {
    name: 'merge chanter',
    run(store, state) {
      // A custom name that is not among the saved chanters cannot be selected: skip it.
      const chanter = firstWith(
        store,
        CHANTER_SOURCE_ORDER,
        'selectedChanter',
        (name) => chanterIdOf(store, name) !== null,
      );
      const name = chanter?.value ?? STANDARD_CHANTER;
      state.chanterSource = chanter?.source ?? 'default';
      mustWrite(store.write(keys.chanterName, name), 'the chanter');
      mustWrite(store.write(keys.chanterId, chanterIdOf(store, name)!), 'the chanter id');
    },
  },
  {
    name: 'record migration info',
    run(store, state) {
      mustWrite(
        store.write(keys.migrationInfo, {
          date: new Date().toISOString(),
          selectedMicSource: (state.micSource as string | null) ?? null,
          selectedChanterSource: state.chanterSource as string,
        }),
        'the migration info',
      );
    },
  },
  {
    name: 'set schema version',
    run(store) {
      mustWrite(store.write(keys.schemaVersion, 2), 'the schema version');
      store.remove(keys.migrationNoticeDismissed);
    },
  },
];

/** Migrations by the version they upgrade from. */
const migrations: Readonly<Record<number, readonly Step[]>> = { 1: v1ToV2Steps };

export function migrateSettings(store: SettingsStore): MigrationResult {
  let version = storedSchemaVersion(store);
  let applied = 0;
  while (version < CURRENT_SCHEMA_VERSION) {
    const steps = migrations[version];
    if (!steps) {
      return {
        success: false,
        migrationsApplied: applied,
        error: `no migration from version ${version}`,
      };
    }
    const state: Record<string, unknown> = {};
    for (const step of steps) {
      try {
        step.run(store, state);
      } catch (e) {
        const error = `step '${step.name}' failed: ${e instanceof Error ? e.message : String(e)}`;
        appendRecoveryLog(store, `Migration from version ${version} stopped: ${error}`);
        return { success: false, migrationsApplied: applied, error };
      }
    }
    version += 1;
    applied += 1;
  }
  if (applied > 0) appendRecoveryLog(store, `Settings upgraded to version ${version}`);
  return { success: true, migrationsApplied: applied };
}
