/**
 * The visitor's login state for feature screens (the app shell has its own hook; features may
 * not import the shell). Before the first answer the status is 'loading', so a screen waits
 * rather than tell a signed-in piper to sign in. The server snapshot is the store's own first
 * one (LOADING), so hydration does not force a re-render.
 */
import { useSyncExternalStore } from 'react';
import { authSession, LOADING, type AuthSnapshot } from './authSession.ts';

const loading = () => LOADING;

export function useAuthSnapshot(): AuthSnapshot {
  return useSyncExternalStore(authSession.subscribe, authSession.getSnapshot, loading);
}
