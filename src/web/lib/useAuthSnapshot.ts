/**
 * The visitor's login state, for the app shell and the feature screens alike. Before the first
 * answer the status is 'loading', so a screen waits rather than tell a signed-in piper to sign in.
 */
import { authSession, LOADING, type AuthSnapshot } from './authSession.ts';
import { useBrowserValue } from './useBrowserValue.ts';

const loading = () => LOADING;

export function useAuthSnapshot(): AuthSnapshot {
  return useBrowserValue(authSession.subscribe, authSession.getSnapshot, loading);
}
