import { MAX_CLAIM_SESSIONS } from '../../contracts/scoreClaims.ts';
import { keys } from './keys.ts';
import type { SettingsStore } from './settingsStore.ts';

/**
 * Keeps the game session of a score this device submitted, newest last and at most as many as a
 * claim may carry: the proof that lets the piper claim the score for an account later (issue 8;
 * src/server/auth/accountService.ts `claimDeviceScores`). A failed write loses only that proof.
 */
export function rememberScoreSession(store: SettingsStore, sessionId: string): void {
  const known = store.read(keys.blasterScoreSessions).filter((id) => id !== sessionId);
  store.write(keys.blasterScoreSessions, [...known, sessionId].slice(-MAX_CLAIM_SESSIONS));
}
