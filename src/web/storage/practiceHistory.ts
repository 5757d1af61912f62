/**
 * The local practice history (issue 18 item 2): every session of every tool, in IndexedDB
 * (indexedDbHistory.ts) behind a small backend interface, with the settings store's rules
 * (settingsStore.ts; spec §4 'Storage recovery', §5 'Storage'):
 * - a corrupt record is dropped with a notice, never the whole history;
 * - a full quota or a missing IndexedDB is reported as a notice, never thrown at the player;
 * - records are append-only (contracts/progress/practiceRecord.ts): `add` never overwrites a
 *   record with the same id, so a session saved twice (a recovered checkpoint and its own
 *   end, or two tabs) keeps the first copy.
 * Besides each record the row keeps one local flag, `synced`, so the sync knows what to send.
 *
 * React reads through subscribe/getSnapshot (DESIGN habit 5).
 */
import {
  readPracticeRecord,
  type PracticeRecord,
} from '../../contracts/progress/practiceRecord.ts';

/** One stored row: the record and whether the account has it. */
export interface HistoryRow {
  readonly id: string;
  readonly record: PracticeRecord;
  readonly synced: boolean;
}

/** What the history needs of a database (IndexedDB in the browser, memory in tests). */
export interface HistoryBackend {
  /** Every stored row as stored: possibly corrupt. */
  getAll(): Promise<unknown[]>;
  /** Adds rows whose id is not stored yet; returns the ids added. */
  add(rows: readonly HistoryRow[]): Promise<string[]>;
  markSynced(ids: readonly string[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  clear(): Promise<void>;
}

export type HistoryNotice =
  | { readonly kind: 'dropped'; readonly count: number }
  | { readonly kind: 'quota' }
  | { readonly kind: 'unavailable' };

export function noticeText(notice: HistoryNotice): string {
  switch (notice.kind) {
    case 'dropped':
      return notice.count === 1
        ? 'One practice session could not be read and was removed; the rest of your history is safe.'
        : `${notice.count} practice sessions could not be read and were removed; the rest of your history is safe.`;
    case 'quota':
      return 'This browser’s storage is full: the latest practice session was not saved. Export your history, or free space in Settings.';
    case 'unavailable':
      return 'This browser does not let Chanterlab keep a practice history (private browsing or storage turned off).';
  }
}

export interface HistorySnapshot {
  readonly loaded: boolean;
  /** Oldest first by start. */
  readonly records: readonly PracticeRecord[];
  readonly unsynced: number;
  readonly notice: HistoryNotice | null;
}

export interface PracticeHistory {
  load(): Promise<HistorySnapshot>;
  getSnapshot(): HistorySnapshot;
  subscribe(listener: () => void): () => void;
  /** Adds records made on this device (not yet synced). False when nothing could be saved. */
  add(records: readonly PracticeRecord[]): Promise<boolean>;
  /** Adds records downloaded from the account (already synced); returns how many were new. */
  addSynced(records: readonly PracticeRecord[]): Promise<number>;
  unsyncedRecords(): Promise<PracticeRecord[]>;
  markSynced(ids: readonly string[]): Promise<void>;
  clear(): Promise<void>;
  dismissNotice(): void;
}

export function isQuotaError(error: unknown): boolean {
  const e = error as { name?: string; code?: number; inner?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  return (
    e.name === 'QuotaExceededError' ||
    e.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    e.code === 22 ||
    e.code === 1014 ||
    (e.inner !== undefined && isQuotaError(e.inner))
  );
}

const byStart = (a: PracticeRecord, b: PracticeRecord) =>
  a.startedAt - b.startedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Reads a stored row; null when it is not a whole row with a valid record. */
function readRow(value: unknown): HistoryRow | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { id?: unknown; record?: unknown; synced?: unknown };
  const record = readPracticeRecord(v.record);
  if (!record || v.id !== record.id) return null;
  return { id: record.id, record, synced: v.synced === true };
}

export function createPracticeHistory(backend: HistoryBackend | null): PracticeHistory {
  const listeners = new Set<() => void>();
  const byId = new Map<string, HistoryRow>();
  let snapshot: HistorySnapshot = { loaded: false, records: [], unsynced: 0, notice: null };
  let loading: Promise<HistorySnapshot> | null = null;

  // The records array keeps its identity until a record is added or removed: marking 10,000
  // records synced in 20 batches must not make /progress rebuild its charts 20 times.
  let recordsChanged = true;
  const publish = (notice: HistoryNotice | null = snapshot.notice) => {
    const rows = [...byId.values()];
    snapshot = {
      loaded: true,
      records: recordsChanged ? rows.map((r) => r.record).sort(byStart) : snapshot.records,
      unsynced: rows.filter((r) => !r.synced).length,
      notice,
    };
    recordsChanged = false;
    listeners.forEach((l) => l());
    return snapshot;
  };

  const load = (): Promise<HistorySnapshot> => {
    loading ??= (async () => {
      if (!backend) return publish({ kind: 'unavailable' });
      let raw: unknown[];
      try {
        raw = await backend.getAll();
      } catch {
        return publish({ kind: 'unavailable' });
      }
      const bad: string[] = [];
      let badWithoutKey = 0;
      for (const value of raw) {
        const row = readRow(value);
        if (row) {
          byId.set(row.id, row);
          recordsChanged = true;
        } else {
          const id = (value as { id?: unknown } | null)?.id;
          if (typeof id === 'string') bad.push(id);
          else badWithoutKey++;
        }
      }
      const dropped = bad.length + badWithoutKey;
      if (bad.length > 0) {
        try {
          await backend.remove(bad);
        } catch {
          // Removed next time: reading skips it meanwhile.
        }
      }
      return publish(dropped > 0 ? { kind: 'dropped', count: dropped } : snapshot.notice);
    })();
    return loading;
  };

  const addRows = async (rows: HistoryRow[]): Promise<string[] | null> => {
    await load();
    const fresh = rows.filter((r) => !byId.has(r.id));
    if (fresh.length === 0) return [];
    if (!backend) {
      publish({ kind: 'unavailable' });
      return null;
    }
    try {
      const added = new Set(await backend.add(fresh));
      for (const r of fresh) if (added.has(r.id)) byId.set(r.id, r);
      if (added.size > 0) recordsChanged = true;
      publish();
      return [...added];
    } catch (error) {
      publish(isQuotaError(error) ? { kind: 'quota' } : { kind: 'unavailable' });
      return null;
    }
  };

  return {
    load,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async add(records) {
      const valid = records.map(readPracticeRecord).filter((r): r is PracticeRecord => !!r);
      if (valid.length === 0) return false;
      const added = await addRows(
        valid.map((record) => ({ id: record.id, record, synced: false })),
      );
      return added !== null;
    },
    async addSynced(records) {
      await load();
      // A device reads back its own uploads: skip known ids before validating anything.
      const valid = records
        .filter((r) => !byId.has((r as { id?: string } | null)?.id ?? ''))
        .map(readPracticeRecord)
        .filter((r): r is PracticeRecord => !!r);
      const added = await addRows(valid.map((record) => ({ id: record.id, record, synced: true })));
      return added?.length ?? 0;
    },
    async unsyncedRecords() {
      await load();
      return [...byId.values()].filter((r) => !r.synced).map((r) => r.record);
    },
    async markSynced(ids) {
      await load();
      const mine = ids.filter((id) => byId.get(id)?.synced === false);
      if (mine.length === 0 || !backend) return;
      try {
        await backend.markSynced(mine);
      } catch {
        return; // Sent again next time: the server stores it once.
      }
      for (const id of mine) {
        const row = byId.get(id);
        if (row) byId.set(id, { ...row, synced: true });
      }
      publish();
    },
    async clear() {
      await load();
      if (backend) await backend.clear();
      byId.clear();
      recordsChanged = true;
      publish(null);
    },
    dismissNotice() {
      publish(null);
    },
  };
}

/** A backend in memory (tests, and browsers without IndexedDB while the page lives). */
export function memoryHistoryBackend(initial: unknown[] = []): HistoryBackend & {
  rows: Map<string, unknown>;
  failNextAdd?: unknown;
} {
  const rows = new Map<string, unknown>();
  initial.forEach((value, i) => {
    const id = (value as { id?: unknown } | null)?.id;
    rows.set(typeof id === 'string' ? id : `#${i}`, value);
  });
  const backend = {
    rows,
    failNextAdd: undefined as unknown,
    async getAll() {
      return [...rows.values()];
    },
    async add(list: readonly HistoryRow[]) {
      if (backend.failNextAdd) {
        const error = backend.failNextAdd;
        backend.failNextAdd = undefined;
        throw error;
      }
      const added: string[] = [];
      for (const row of list) {
        if (rows.has(row.id)) continue;
        rows.set(row.id, structuredClone(row));
        added.push(row.id);
      }
      return added;
    },
    async markSynced(ids: readonly string[]) {
      for (const id of ids) {
        const row = rows.get(id) as HistoryRow | undefined;
        if (row) rows.set(id, { ...row, synced: true });
      }
    },
    async remove(ids: readonly string[]) {
      ids.forEach((id) => rows.delete(id));
    },
    async clear() {
      rows.clear();
    },
  };
  return backend;
}
