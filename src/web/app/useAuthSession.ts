import { useSyncExternalStore } from 'react';
import { authSession, type AuthSnapshot } from '../lib/authSession.ts';

export function useAuthSession(): AuthSnapshot {
  return useSyncExternalStore(
    authSession.subscribe,
    authSession.getSnapshot,
    authSession.getSnapshot,
  );
}
