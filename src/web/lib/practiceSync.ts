/**
 * Syncs the local practice history with the signed-in account (issue 18 item 2): uploads what
 * this device has not sent (batches within the route's bounds), then downloads what other
 * devices sent since the last cursor. Records are append-only with device-made ids, so a batch
 * sent twice (a lost answer, a retry) is stored once and nothing needs merging. Offline or
 * refused, the records stay unsynced locally and go next time: after each session, at
 * sign-in (or load while signed in) and when the browser is back online.
 */
import type { DataError, Result } from '../../contracts/result.ts';
import { PRACTICE_LIMITS, type PracticeRecord } from '../../contracts/progress/practiceRecord.ts';
import { progressRoutes } from '../../contracts/progress/progressRoutes.ts';
import type { PracticeHistory } from '../storage/practiceHistory.ts';
import { keys } from '../storage/keys.ts';
import { onPracticeRecorded, practiceHistory, practiceRecorder } from '../storage/practiceStore.ts';
import { settingsStore } from '../storage/settingsStore.ts';
import { callApi } from './apiClient.ts';
import { setSyncState as setState } from './practiceSyncStatus.ts';

export interface SyncApi {
  upload(records: PracticeRecord[]): Promise<Result<{ stored: number; ids: string[] }>>;
  download(
    since: string | undefined,
  ): Promise<Result<{ records: PracticeRecord[]; cursor: string; more: boolean }>>;
}

export interface CursorStore {
  read(userId: string): string | undefined;
  write(userId: string, cursor: string): void;
}

export interface SyncOutcome {
  readonly uploaded: number;
  readonly downloaded: number;
  readonly error: DataError | null;
}

/** Splits records into uploads within the route's count and byte bounds. */
export function batchesOf(
  records: readonly PracticeRecord[],
  maxCount: number = PRACTICE_LIMITS.maxBatch,
  // A margin under the server's bound for the envelope `{"records":[…]}`.
  maxBytes: number = PRACTICE_LIMITS.maxBatchBytes - 1024,
): PracticeRecord[][] {
  const out: PracticeRecord[][] = [];
  let batch: PracticeRecord[] = [];
  let bytes = 0;
  for (const record of records) {
    const size = new TextEncoder().encode(JSON.stringify(record)).length + 1;
    if (batch.length > 0 && (batch.length >= maxCount || bytes + size > maxBytes)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(record);
    bytes += size;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** One sync: upload everything unsynced, then download since the cursor. Never throws. */
export async function syncOnce(
  history: PracticeHistory,
  api: SyncApi,
  cursors: CursorStore,
  userId: string,
): Promise<SyncOutcome> {
  let uploaded = 0;
  let downloaded = 0;
  const unsynced = (await history.unsyncedRecords()).sort((a, b) => a.startedAt - b.startedAt);
  for (const batch of batchesOf(unsynced)) {
    const sent = await api.upload(batch);
    if (sent.error) return { uploaded, downloaded, error: sent.error };
    await history.markSynced(sent.data.ids);
    uploaded += sent.data.stored;
  }
  let since = cursors.read(userId);
  for (;;) {
    const page = await api.download(since);
    if (page.error) return { uploaded, downloaded, error: page.error };
    downloaded += await history.addSynced(page.data.records);
    since = page.data.cursor;
    cursors.write(userId, since);
    if (!page.data.more) break;
  }
  return { uploaded, downloaded, error: null };
}

export const httpSyncApi: SyncApi = {
  upload: (records) => callApi(progressRoutes.upload, { body: { records } }),
  download: (since) => callApi(progressRoutes.download, { query: since ? { since } : {} }),
};

const settingsCursors: CursorStore = {
  read: (userId) => settingsStore().read(keys.practiceSyncCursor)[userId],
  write: (userId, cursor) => {
    const all = settingsStore().read(keys.practiceSyncCursor);
    settingsStore().write(keys.practiceSyncCursor, { ...all, [userId]: cursor });
  },
};

let inFlight: Promise<SyncOutcome> | null = null;
let again = false;

/** Syncs now (one at a time; a call during a sync runs once more after it). */
export function syncPractice(userId: string): Promise<SyncOutcome> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  // Offline, a request can only fail: wait for the 'online' event (startPracticeSync).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const error = { message: 'You are offline.', code: 'offline' };
    setState({ kind: 'failed', message: error.message });
    return Promise.resolve({ uploaded: 0, downloaded: 0, error });
  }
  setState({ kind: 'syncing' });
  inFlight = (async () => {
    let outcome: SyncOutcome;
    do {
      again = false;
      await practiceRecorder().recover();
      outcome = await syncOnce(practiceHistory(), httpSyncApi, settingsCursors, userId);
    } while (again && !outcome.error);
    return outcome;
  })().finally(() => {
    inFlight = null;
  });
  return inFlight.then((outcome) => {
    setState(
      outcome.error
        ? { kind: 'failed', message: outcome.error.message }
        : { kind: 'synced', at: Date.now() },
    );
    return outcome;
  });
}

/** Deletes the account's copy (signed in) and this device's; says what could not be done. */
export async function deleteAllPractice(userId: string | null): Promise<DataError | null> {
  let problem: DataError | null = null;
  if (userId) {
    const gone = await callApi(progressRoutes.deleteAll);
    if (gone.error) problem = gone.error;
  }
  await practiceHistory().clear();
  settingsStore().write(keys.practiceRunning, {});
  return problem;
}

/**
 * While `userId` is signed in: sync now (sign-in or load), after each recorded session, and
 * when the browser comes back online. Returns the stop function.
 */
export function startPracticeSync(userId: string): () => void {
  const run = () => void syncPractice(userId);
  run();
  const stopRecorded = onPracticeRecorded(run);
  window.addEventListener('online', run);
  return () => {
    stopRecorded();
    window.removeEventListener('online', run);
  };
}
