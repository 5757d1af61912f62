/**
 * The dialog service (spec §4 'Dialog display'): features ask for a dialog; the service
 * decides whether it may show, remembers it per session and per component, and the one
 * DialogHost in the layout renders it. State reaches React through subscribe/getSnapshot.
 *
 * One dialog shows at a time; a dialog asked for while another is open waits its turn and
 * opens when that one closes (issue 13.14: a refused microphone while 'Chanter Recommended'
 * was open used to replace one dialog with the other, so the piper never saw both).
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
  /**
   * Opens the dialog if the rules allow, or queues it behind the open one; returns whether it
   * opened or was queued. The rules are checked again when a queued dialog's turn comes.
   */
  show(request: DialogRequest, options?: ShowOptions): boolean;
  /** Closes the open dialog; the next queued one that the rules still allow opens. */
  close(): void;
  /** Forgets the queued dialogs (the open one stays): their page is being left. */
  dropQueued(): void;
  /** Called by the host when rendering failed: clears the session flag and logs. */
  renderFailed(error: unknown): void;
  /** Clears the flags for one component, or for all of chantertest, battle, blaster, flashcard. */
  reset(component?: string): void;
  getSnapshot(): OpenDialog | null;
  subscribe(listener: () => void): () => void;
}

interface Queued {
  readonly request: DialogRequest;
  readonly track: boolean;
  readonly force: boolean;
}

export function createDialogService(stores: () => DialogFlagStores): DialogService {
  let open: OpenDialog | null = null;
  let queue: Queued[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  /** Spec §4 'Dialog display': chanter, session and seen rules (force skips the last two). */
  function allowed({ request, force }: Queued): boolean {
    if (!isTracked(request.type)) return true;
    const s = stores();
    if (!chanterAllows(s, request.type)) return false;
    if (force) return true;
    const component = (request as { component: string }).component;
    return !shownThisSession(s, request.type) && !wasSeen(s, request.type, component);
  }

  function openNow({ request, track }: Queued): void {
    if (isTracked(request.type)) setShownThisSession(stores(), request.type, true);
    open = { request, track };
  }

  /** The next queued dialog still allowed (the chanter may have changed meanwhile), or none. */
  function openNext(): void {
    open = null;
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (allowed(next)) {
        openNow(next);
        return;
      }
    }
  }

  return {
    show(request, { force = false, track = true } = {}) {
      // Spec §4: not if already open; nor twice in the queue.
      if (open?.request.type === request.type) return false;
      if (queue.some((q) => q.request.type === request.type)) return false;
      const entry = { request, track, force };
      if (!allowed(entry)) return false;
      if (open) {
        queue.push(entry);
        return true;
      }
      openNow(entry);
      emit();
      return true;
    },
    close() {
      if (!open) return;
      const { request, track } = open;
      if (track && isTracked(request.type)) {
        markSeen(stores(), request.type, (request as { component: string }).component);
      }
      openNext();
      emit();
    },
    dropQueued() {
      queue = [];
    },
    renderFailed(error) {
      if (!open) return;
      console.error(`Dialog ${open.request.type} failed to render`, error);
      if (isTracked(open.request.type)) setShownThisSession(stores(), open.request.type, false);
      openNext();
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
