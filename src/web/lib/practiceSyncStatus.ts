/**
 * The practice sync's state for the screen (issue 18 item 2), apart from the sync itself so
 * /progress shows it without loading the API client until a button needs it (Lighthouse TBT).
 */
export type SyncState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'syncing' }
  | { readonly kind: 'synced'; readonly at: number }
  | { readonly kind: 'failed'; readonly message: string };

let state: SyncState = { kind: 'idle' };
const listeners = new Set<() => void>();
export const setSyncState = (next: SyncState) => {
  state = next;
  listeners.forEach((l) => l());
};
export const syncStatus = {
  getSnapshot: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
