/**
 * The dialog service (spec §4 'Dialog display'): features ask for a dialog; the service
 * decides whether it may show, remembers it per session and per component, and the one
 * DialogHost in the layout renders it. State reaches React through subscribe/getSnapshot.
 */
import {
  chanterAllows,
  isTracked,
  markSeen,
  resetDialogFlags,
  setShownThisSession,
  shownThisSession,
  wasSeen,
  type DialogFlagStores,
} from '../storage/dialogFlags.ts';
import { sessionFlagsStore, settingsStore } from '../storage/settingsStore.ts';

/** Spec §3 'Dialog types'. */
export type DialogRequest =
  | { readonly type: 'dlg_custom_chanter_recommended'; readonly component: string }
  | { readonly type: 'dlg_keyboard_chanter_info'; readonly component: string }
  | {
      readonly type: 'dlg_microphone_problem';
      readonly message: string;
      readonly errorCode?: string;
    }
  | { readonly type: 'dlg_microphone_connection_error' }
  | { readonly type: 'dlg_chantersync_complete' }
  | { readonly type: 'dlg_chantersync_saved' };

export type DialogType = DialogRequest['type'];

export interface ShowOptions {
  /** Overrides the seen and session checks (spec §4 'Force-show'). */
  readonly force?: boolean;
  /** Closing marks the dialog seen for its component (default true). */
  readonly track?: boolean;
}

export interface OpenDialog {
  readonly request: DialogRequest;
  readonly track: boolean;
}

export interface DialogService {
  /** Opens the dialog if the rules allow; returns whether it opened. */
  show(request: DialogRequest, options?: ShowOptions): boolean;
  close(): void;
  /** Called by the host when rendering failed: clears the session flag and logs. */
  renderFailed(error: unknown): void;
  /** Clears the flags for one component, or for all of chantertest, battle, blaster, flashcard. */
  reset(component?: string): void;
  getSnapshot(): OpenDialog | null;
  subscribe(listener: () => void): () => void;
}

export function createDialogService(stores: () => DialogFlagStores): DialogService {
  let open: OpenDialog | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  return {
    show(request, { force = false, track = true } = {}) {
      if (open?.request.type === request.type) return false; // already open
      if (isTracked(request.type)) {
        const s = stores();
        if (!chanterAllows(s, request.type)) return false;
        if (!force) {
          const component = (request as { component: string }).component;
          if (shownThisSession(s, request.type) || wasSeen(s, request.type, component)) {
            return false;
          }
        }
        setShownThisSession(s, request.type, true);
      }
      open = { request, track };
      emit();
      return true;
    },
    close() {
      if (!open) return;
      const { request, track } = open;
      if (track && isTracked(request.type)) {
        markSeen(stores(), request.type, (request as { component: string }).component);
      }
      open = null;
      emit();
    },
    renderFailed(error) {
      if (!open) return;
      console.error(`Dialog ${open.request.type} failed to render`, error);
      if (isTracked(open.request.type)) setShownThisSession(stores(), open.request.type, false);
      open = null;
      emit();
    },
    reset(component) {
      resetDialogFlags(stores(), component);
    },
    getSnapshot: () => open,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one dialog service. */
export const dialogs: DialogService = createDialogService(() => ({
  local: settingsStore(),
  session: sessionFlagsStore(),
}));
