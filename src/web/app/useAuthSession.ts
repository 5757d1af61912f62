import { useSyncExternalStore } from 'react';
import { authSession, type AuthSnapshot } from '../lib/authSession.ts';

/** The prerendered first view cannot know who visits: it, and hydration, show 'loading'. */
const UNKNOWN: AuthSnapshot = { status: 'loading', user: null };
const unknown = () => UNKNOWN;

export function useAuthSession(): AuthSnapshot {
  return useSyncExternalStore(authSession.subscribe, authSession.getSnapshot, unknown);
}
