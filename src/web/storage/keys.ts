/**
 * The one table of local settings keys (spec §3 'Local storage records', §9 'Storage keys').
 * Features name a key through this table, never through a string (issue 3, point 1).
 *
 * `critical` keys are never removed to free space (spec §4 'Storage recovery': schema version,
 * microphone, chanter, custom chanters, gain, uuid, initials, chantersync preferences).
 * `disposable` keys are removed first when the quota is hit: by the spec's rule, names that
 * contain log, cache, history or recent (see isDisposableName).
 */

import { initialsProblem } from '../../contracts/initials.ts';
import { isUuid } from '../../contracts/uuid.ts';
import type { TimeSignature } from '../../music/meter.ts';
import type { LatencyTable } from './inputLatency.ts';
import type { PlayAlongRunRecord } from './playAlongHistory.ts';
import type { OutboxItem } from './outboxItem.ts';

export interface KeyDef<T> {
  /** The name under which the value is stored as JSON. */
  readonly key: string;
  /** What a read returns when nothing (or nothing usable) is stored. */
  readonly fallback: T;
  readonly critical: boolean;
  readonly disposable: boolean;
  /** Shape check used by reads and by the integrity check. */
  readonly valid: (value: unknown) => boolean;
}

/** A user-saved chanter (spec §3 'Chanter': name, 9 frequencies; a custom chanter has its own id). */
export interface CustomChanter {
  readonly id: string;
  readonly name: string;
  readonly frequencies?: readonly number[];
}

/** Per-activity choices of schema v1 (spec §3: selectedDevice, selectedChanter). */
export interface ActivityPreferences {
  readonly selectedDevice?: string | null;
  readonly selectedChanter?: string | null;
  readonly [other: string]: unknown;
}

export interface RecoveryLogEntry {
  readonly timestamp: string;
  readonly message: string;
}

/** Spec §3 'migration info (date, selectedMicSource, selectedChanterSource)'. */
export interface MigrationInfo {
  readonly date: string;
  readonly selectedMicSource: string | null;
  readonly selectedChanterSource: string;
}

/** Basic Notes' voice (issue 22 item 12): the chanter unless the piper unticked it. */
export interface BasicNotesPreferences {
  readonly simulateChanter: boolean;
}

export interface MetronomePreferences {
  readonly view: 'None' | 'Circle' | 'Pendulum';
  readonly sound: 'None' | 'Beep' | 'Snare Drum' | 'Bass Drum';
  readonly haptics: boolean;
  /** Issue 22 item 2; absent in records stored before it (read as 4/4 by asTimeSignature). */
  readonly timeSignature?: TimeSignature;
}

/**
 * The tune last open on Sheet Music (issue 6 item 8): a library tune by id, or a local file
 * by name with its BWW text (the piper may not have the file at hand next time).
 */
export type RecentTune =
  | { readonly kind: 'library'; readonly id: string }
  | { readonly kind: 'file'; readonly name: string; readonly bww: string };

export interface SheetMusicRecent {
  readonly tune: RecentTune | null;
  /** Which tune of a multi-tune file. */
  readonly tuneIndex: number;
}

/** Sheet Music playback choices; tempos are per tune (sheetMusic/tempoKey.ts), newest last. */
export interface SheetMusicPreferences {
  readonly countIn: boolean;
  readonly drones: boolean;
  /** 0–1. */
  readonly droneVolume: number;
  readonly graceAnchor: 'on-beat' | 'before-beat';
  readonly tempos: Readonly<Record<string, number>>;
}

/** What the piper plays into the microphone (issue 14 item 5). */
export type Instrument = 'chanter' | 'pipes';

/** Spec §4 'Settings schema migration': current 2, old 1. */
export const CURRENT_SCHEMA_VERSION = 2;
export const OLD_SCHEMA_VERSION = 1;

/** Built-in chanters and their fixed ids (spec §3 'Chanter', §5 'Storage'). */
export const STANDARD_CHANTER = 'Standard';
export const KEYBOARD_CHANTER = 'Keyboard';
export const builtInChanterIds: Readonly<Record<string, string>> = {
  [STANDARD_CHANTER]: 'standard',
  [KEYBOARD_CHANTER]: 'keyboard',
};

/** Spec §4 'Storage recovery': disposable names contain log, cache, history or recent. */
export function isDisposableName(key: string): boolean {
  return /log|cache|history|recent/i.test(key);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown) => typeof v === 'string';
const isStringOrNull = (v: unknown) => v === null || typeof v === 'string';
const isFiniteNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isNumberOrNull = (v: unknown) => v === null || isFiniteNumber(v);
const isBoolean = (v: unknown) => typeof v === 'boolean';

function def<T>(
  key: string,
  fallback: T,
  valid: (value: unknown) => boolean,
  critical = false,
): KeyDef<T> {
  return { key, fallback, valid, critical, disposable: !critical && isDisposableName(key) };
}

function isCustomChanters(v: unknown): boolean {
  return Array.isArray(v) && v.every((c) => isObject(c) && isString(c.id) && isString(c.name));
}

function isActivityPreferences(v: unknown): boolean {
  return (
    isObject(v) &&
    (v.selectedDevice === undefined || isStringOrNull(v.selectedDevice)) &&
    (v.selectedChanter === undefined || isStringOrNull(v.selectedChanter))
  );
}

function isUuidList(v: unknown): boolean {
  return Array.isArray(v) && v.every(isUuid);
}

function isRecentTune(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (v.kind === 'library') return isString(v.id);
  return v.kind === 'file' && isString(v.name) && isString(v.bww);
}

function isSheetMusicRecent(v: unknown): boolean {
  return (
    isObject(v) &&
    (v.tune === null || isRecentTune(v.tune)) &&
    Number.isInteger(v.tuneIndex) &&
    (v.tuneIndex as number) >= 0
  );
}

function isSheetMusicPreferences(v: unknown): boolean {
  return (
    isObject(v) &&
    isBoolean(v.countIn) &&
    isBoolean(v.drones) &&
    isFiniteNumber(v.droneVolume) &&
    (v.droneVolume as number) >= 0 &&
    (v.droneVolume as number) <= 1 &&
    (v.graceAnchor === 'on-beat' || v.graceAnchor === 'before-beat') &&
    isObject(v.tempos) &&
    Object.values(v.tempos).every(isFiniteNumber)
  );
}

/** The activities with their own preferences record (spec §3), in the spec's order. */
export const activities = [
  'battle',
  'blaster',
  'chantertest',
  'playalong',
  'flashcard',
  'chantersync',
] as const;
export type Activity = (typeof activities)[number];

export function activityKey(activity: Activity): KeyDef<ActivityPreferences | null> {
  // chantersync preferences are critical (spec §4 'Storage recovery').
  return def(
    `${activity}_preferences`,
    null,
    (v) => v === null || isActivityPreferences(v),
    activity === 'chantersync',
  );
}

export const keys = {
  microphone: def<string | null>('global_selected_device', null, isStringOrNull, true),
  chanterName: def<string>('global_selected_chanter', STANDARD_CHANTER, isString, true),
  chanterId: def<string>('global_selected_chanter_id', 'standard', isString, true),
  customChanters: def<readonly CustomChanter[]>('custom_chanters', [], isCustomChanters, true),
  // The shared rule (3 graphemes, no hidden characters; issue 13.11), not 3 UTF-16 units.
  initials: def<string>(
    'user_initials',
    '',
    (v) => isString(v) && initialsProblem(v.trim()) === null,
    true,
  ),
  userUuid: def<string | null>('local_user_uuid', null, isStringOrNull, true),
  gain: def<number>('global_gain', 3, isFiniteNumber, true),
  schemaVersion: def<number | null>('settings_schema_version', null, isNumberOrNull, true),
  blasterHighScore: def<number | null>('blaster_high_score', null, isNumberOrNull),
  blasterLevel: def<number | null>('BlasterLevel', null, isNumberOrNull),
  // The game sessions of the scores this device submitted: its proof when the piper claims
  // them for an account (only the device knows them; public score rows show the device id).
  blasterScoreSessions: def<readonly string[]>('blaster_score_sessions', [], isUuidList),
  migrationNoticeDismissed: def<boolean>('migration_notice_dismissed', false, isBoolean),
  dismissedPopups: def<Readonly<Record<string, true>>>('dismissed_popups', {}, isObject),
  integrityLastCheck: def<number>('storage_integrity_last_check', 0, isFiniteNumber),
  recoveryLog: def<readonly RecoveryLogEntry[]>('storage_recovery_log', [], Array.isArray),
  migrationInfo: def<MigrationInfo | null>(
    'settings_migration_info',
    null,
    (v) => v === null || isObject(v),
  ),
  metronome: def<MetronomePreferences>(
    'metronome_preferences',
    { view: 'Pendulum', sound: 'Beep', haptics: false },
    isObject,
  ),
  contactLastSubmission: def<number>('contact_last_submission', 0, isFiniteNumber),
  // Issue 18 item 1: forms and scores that could not be sent offline, sent when the connection
  // returns (outbox.ts). Not disposable: freeing space must not drop a piper's message. Shape
  // only here (the table is in the first load); items are checked where read (outbox.ts).
  outbox: def<readonly OutboxItem[]>('offline_outbox', [], Array.isArray),
  featureRequestLastSubmission: def<number>('feature_request_last_submission', 0, isFiniteNumber),
  activeSection: def<string | null>('active_section', null, isStringOrNull),
  forceNavigateToChanterSync: def<boolean>('_force_navigate_to_chantersync', false, isBoolean),
  // 'recent' makes this disposable on purpose (spec §4 'Storage recovery'): when the quota is
  // full, forgetting the last tune (its BWW text may be the largest value we keep) is the
  // right thing to give up; Sheet Music then opens the first library tune.
  sheetMusicRecent: def<SheetMusicRecent>(
    'sheet_music_recent',
    { tune: null, tuneIndex: 0 },
    isSheetMusicRecent,
  ),
  // Small (tempos are capped) and kept: the piper's standing choices. Apart from the tune so
  // that moving the tempo slider never rewrites a stored BWW text.
  sheetMusicPreferences: def<SheetMusicPreferences>(
    'sheet_music_preferences',
    { countIn: true, drones: false, droneVolume: 0.35, graceAnchor: 'on-beat', tempos: {} },
    isSheetMusicPreferences,
  ),
  // Issue 22 item 12: Basic Notes opens on the chanter voice (a sine is no chanter), and a
  // piper who prefers the sine keeps it.
  basicNotes: def<BasicNotesPreferences>(
    'basic_notes_preferences',
    { simulateChanter: true },
    (v) => isObject(v) && isBoolean(v.simulateChanter),
  ),
  // Per microphone (issue 14 item 3): remeasuring takes the piper a minute, so it is kept.
  // Shape only here: the table of keys is in the first load (issue 21 item 4's 100 KB);
  // entries are checked in depth where they are read (inputLatency.ts latencyFor).
  inputLatency: def<LatencyTable>('input_latency_by_device', {}, isObject),
  // Issue 14 item 5: a practice chanter, or the pipes with their own drones sounding (the
  // listening path then follows and removes them; docs/decisions/025-real-pipe-drones.md).
  instrument: def<Instrument>(
    'input_instrument',
    'chanter',
    (v) => v === 'chanter' || v === 'pipes',
  ),
  // Issue 14 item 4: the latest 200 play-along runs, for a later issue's chart (bounded there).
  // Shape only here, like inputLatency: addRun (playAlongHistory.ts) drops runs that are not
  // whole records and keeps the latest 200.
  playAlongHistory: def<readonly PlayAlongRunRecord[]>('playalong_history', [], Array.isArray),
  // Issue 18 item 2: practice sessions still running when the page was hidden or closed, by
  // id; the next load moves them into the history in IndexedDB (practiceRecorder.ts). Shape
  // only here: each entry is checked with the record's schema when it is recovered.
  practiceRunning: def<Readonly<Record<string, unknown>>>('practice_running', {}, isObject),
  // Issue 18 item 3: minutes a week /progress measures against.
  weeklyGoalMinutes: def<number>(
    'practice_weekly_goal_minutes',
    60,
    (v) => isFiniteNumber(v) && (v as number) >= 0 && (v as number) <= 10_080,
  ),
  // Issue 18 item 2: the server's download cursor for the signed-in account, by user id.
  practiceSyncCursor: def<Readonly<Record<string, string>>>('practice_sync_cursor', {}, isObject),
} as const;

/** Every fixed key of the table plus the per-activity records. */
export const allKeyDefs: readonly KeyDef<unknown>[] = [
  ...Object.values(keys),
  ...activities.map(activityKey),
];

/** The table entry for a stored name, if it is one of ours. */
export function keyDefOf(name: string): KeyDef<unknown> | undefined {
  return allKeyDefs.find((d) => d.key === name) ?? dialogSeenDef(name);
}

/** Component names that scope dialogs (spec §3 'Dialog types'). */
export const dialogComponents = ['chantertest', 'battle', 'blaster', 'flashcard'] as const;
export type DialogComponent = (typeof dialogComponents)[number];

/** Spec §4 'Dialog display': the seen flag is the base name with the component name appended. */
export const seenFlagBases = ['calibration_dialog_seen', 'keyboard_info_seen'] as const;
export type SeenFlagBase = (typeof seenFlagBases)[number];

export function dialogSeenKey(base: SeenFlagBase, component: string): KeyDef<boolean> {
  return def(`${base}${component}`, false, isBoolean);
}

function dialogSeenDef(name: string): KeyDef<unknown> | undefined {
  const base = seenFlagBases.find((b) => name.startsWith(b));
  return base ? dialogSeenKey(base, name.slice(base.length)) : undefined;
}

/** Per-session dialog flags (spec §4, §9), kept in sessionStorage. */
export const sessionKeys = {
  customChanterInstance: def<boolean>('dlg_custom_chanter_instance', false, isBoolean),
  keyboardInfoInstance: def<boolean>('dlg_keyboard_info_instance', false, isBoolean),
  forceNavigateToChanterSync: keys.forceNavigateToChanterSync,
  // Instruction popups already shown in this browsing session, by id: the Home welcome comes
  // back at most once a session after 'Got it!' (issue 22 item 12).
  shownPopups: def<Readonly<Record<string, true>>>('instruction_popups_shown', {}, isObject),
} as const;
