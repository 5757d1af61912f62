/**
 * Dialog 'seen' and per-session flags (spec §4 'Dialog display', §9 'Storage keys').
 * Each tracked dialog type has a per-component seen flag (base name + component name) in local
 * storage and a per-session flag in session storage.
 */
import {
  KEYBOARD_CHANTER,
  STANDARD_CHANTER,
  dialogComponents,
  dialogSeenKey,
  keys,
  seenFlagBases,
  sessionKeys,
  type KeyDef,
  type SeenFlagBase,
} from './keys.ts';
import type { SettingsStore } from './settingsStore.ts';

export const trackedDialogs = {
  dlg_custom_chanter_recommended: {
    seen: 'calibration_dialog_seen',
    session: sessionKeys.customChanterInstance,
  },
  dlg_keyboard_chanter_info: {
    seen: 'keyboard_info_seen',
    session: sessionKeys.keyboardInfoInstance,
  },
} as const satisfies Record<string, { seen: SeenFlagBase; session: KeyDef<boolean> }>;

export type TrackedDialog = keyof typeof trackedDialogs;

export interface DialogFlagStores {
  readonly local: SettingsStore;
  readonly session: SettingsStore;
}

export function isTracked(type: string): type is TrackedDialog {
  return type in trackedDialogs;
}

export function wasSeen({ local }: DialogFlagStores, type: TrackedDialog, component: string) {
  return local.read(dialogSeenKey(trackedDialogs[type].seen, component));
}

export function markSeen({ local }: DialogFlagStores, type: TrackedDialog, component: string) {
  local.write(dialogSeenKey(trackedDialogs[type].seen, component), true);
}

export function shownThisSession({ session }: DialogFlagStores, type: TrackedDialog) {
  return session.read(trackedDialogs[type].session);
}

export function setShownThisSession(
  { session }: DialogFlagStores,
  type: TrackedDialog,
  shown: boolean,
) {
  if (shown) session.write(trackedDialogs[type].session, true);
  else session.remove(trackedDialogs[type].session);
}

/**
 * Spec §4: the keyboard-info dialog shows only when the selected chanter is Keyboard; the
 * custom-chanter recommendation only when a standard chanter is in use.
 */
export function chanterAllows({ local }: DialogFlagStores, type: TrackedDialog): boolean {
  const chanter = local.read(keys.chanterName);
  return type === 'dlg_keyboard_chanter_info'
    ? chanter === KEYBOARD_CHANTER
    : chanter === STANDARD_CHANTER;
}

/** Spec §4: reset clears the flags for one component, or for all of the four components. */
export function resetDialogFlags(stores: DialogFlagStores, component?: string): void {
  const components = component === undefined ? dialogComponents : [component];
  for (const c of components) {
    for (const base of seenFlagBases) stores.local.remove(dialogSeenKey(base, c));
  }
  for (const t of Object.values(trackedDialogs)) stores.session.remove(t.session);
}

/** Instruction popups remembered as dismissed (spec §2.3 'Instruction popup'). */
export function isPopupDismissed(local: SettingsStore, id: string): boolean {
  return local.read(keys.dismissedPopups)[id] === true;
}

export function dismissPopup(local: SettingsStore, id: string): void {
  local.write(keys.dismissedPopups, { ...local.read(keys.dismissedPopups), [id]: true });
}

/** Instruction popups shown once in this browsing session (issue 22 item 12). */
export function wasShownThisSession(session: SettingsStore, id: string): boolean {
  return session.read(sessionKeys.shownPopups)[id] === true;
}

export function markShownThisSession(session: SettingsStore, id: string): void {
  session.write(sessionKeys.shownPopups, { ...session.read(sessionKeys.shownPopups), [id]: true });
}

/**
 * 'Show All One Time Messages' (spec §2.3 Home, 'Instruction popup' reset): clears every popup
 * dismissal and every dialog flag. The caller reloads the page.
 */
export function resetAllOneTimeMessages(stores: DialogFlagStores): void {
  stores.local.remove(keys.dismissedPopups);
  stores.session.remove(sessionKeys.shownPopups);
  resetDialogFlags(stores);
}
