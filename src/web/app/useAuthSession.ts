/**
 * The visitor's login state for the app shell. The prerendered first view cannot know who
 * visits: it, and hydration, show 'loading'; the answer arrives in a transition, so the layout's
 * re-render is sliced rather than one long task (useBrowserValue, issue 21 item 3).
 *
 * The feature screens read the same store with useAuthSnapshot (lib), through
 * useSyncExternalStore: with useBrowserValue there, its shared chunk imported from the entry and
 * the bundler split React out of the entry, 0.7 KB gzip more on the first load (issue 21.4).
 */
import { authSession, LOADING, type AuthSnapshot } from '../lib/authSession.ts';
import { useBrowserValue } from '../lib/useBrowserValue.ts';

const loading = () => LOADING;

export function useAuthSession(): AuthSnapshot {
  return useBrowserValue(authSession.subscribe, authSession.getSnapshot, loading);
}
