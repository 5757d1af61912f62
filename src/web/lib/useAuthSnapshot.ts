/**
 * The visitor's login state for feature screens (the app shell has its own hook; features may
 * not import the shell). Before the first answer the status is 'loading', so a screen waits
 * rather than tell a signed-in piper to sign in.
 */
import { useSyncExternalStore } from 'react';
import { authSession, type AuthSnapshot } from './authSession.ts';

const SERVER: AuthSnapshot = { status: 'loading', user: null };

export function useAuthSnapshot(): AuthSnapshot {
  return useSyncExternalStore(authSession.subscribe, authSession.getSnapshot, () => SERVER);
}
