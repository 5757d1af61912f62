/**
 * The practice history's IndexedDB backend (issue 18 item 2): the records, keyed by session id,
 * are written once and never rewritten (append-only); the ids not yet sent to the account are a
 * second, small store, so marking 10,000 records synced deletes 10,000 keys instead of
 * rewriting 10,000 records (bench:history). Plain IndexedDB (no wrapper library).
 * Every failure comes back as a rejected promise carrying the DOMException, so
 * practiceHistory.ts can tell a full quota from a missing database.
 */
import type { HistoryBackend, HistoryRow } from './practiceHistory.ts';

export const HISTORY_DB = 'chanterlab-practice';
const STORE = 'sessions';
const UNSYNCED = 'unsynced';
const VERSION = 1;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(HISTORY_DB, VERSION);
    request.onupgradeneeded = () => {
      const names = request.result.objectStoreNames;
      if (!names.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'id' });
      // Values are the ids themselves (out-of-line keys).
      if (!names.contains(UNSYNCED)) request.result.createObjectStore(UNSYNCED);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new DOMException('Database blocked', 'UnknownError'));
  });
}

/** The backend, or null where IndexedDB is missing (old browsers, some private modes). */
export function indexedDbHistory(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): HistoryBackend | null {
  if (!factory) return null;
  let db: Promise<IDBDatabase> | null = null;
  const database = () => {
    db ??= open(factory).then((d) => {
      // Another tab upgrading the schema: let it, and open again on the next call.
      d.onversionchange = () => {
        d.close();
        db = null;
      };
      return d;
    });
    db.catch(() => {
      db = null;
    });
    return db;
  };
  const run = async (
    mode: IDBTransactionMode,
    body: (records: IDBObjectStore, unsynced: IDBObjectStore) => void,
  ) => {
    const tx = (await database()).transaction([STORE, UNSYNCED], mode);
    body(tx.objectStore(STORE), tx.objectStore(UNSYNCED));
    await done(tx);
  };
  return {
    async getAll() {
      const tx = (await database()).transaction([STORE, UNSYNCED], 'readonly');
      const [rows, waiting] = await Promise.all([
        promised(tx.objectStore(STORE).getAll()),
        promised(tx.objectStore(UNSYNCED).getAllKeys()),
      ]);
      const unsent = new Set(waiting);
      // The stored row is { id, record }; a row also written with a `synced` flag keeps it.
      return (rows as { id?: unknown }[]).map((row) =>
        typeof row === 'object' && row !== null
          ? { ...row, synced: !unsent.has(row.id as IDBValidKey) }
          : row,
      );
    },
    async add(rows: readonly HistoryRow[]) {
      const added: string[] = [];
      await run('readwrite', (store, unsynced) => {
        for (const row of rows) {
          const request = store.add({ id: row.id, record: row.record });
          request.onsuccess = () => {
            added.push(row.id);
            if (!row.synced) unsynced.put(row.id, row.id);
          };
          // Already stored (append-only): keep the first copy and the transaction going.
          request.onerror = (event) => {
            if (request.error?.name === 'ConstraintError') {
              event.preventDefault();
              event.stopPropagation();
            }
          };
        }
      });
      return added;
    },
    async markSynced(ids) {
      await run('readwrite', (_store, unsynced) => ids.forEach((id) => unsynced.delete(id)));
    },
    async remove(ids) {
      await run('readwrite', (store, unsynced) =>
        ids.forEach((id) => {
          store.delete(id);
          unsynced.delete(id);
        }),
      );
    },
    async clear() {
      await run('readwrite', (store, unsynced) => {
        store.clear();
        unsynced.clear();
      });
    },
  };
}
