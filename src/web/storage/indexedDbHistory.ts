/**
 * The practice history's IndexedDB backend (issue 18 item 2): one object store of rows keyed
 * by the session id. Plain IndexedDB (no wrapper library): five small operations.
 * Every failure comes back as a rejected promise carrying the DOMException, so
 * practiceHistory.ts can tell a full quota from a missing database.
 */
import type { HistoryBackend, HistoryRow } from './practiceHistory.ts';

export const HISTORY_DB = 'chanterlab-practice';
const STORE = 'sessions';
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
      if (!request.result.objectStoreNames.contains(STORE)) {
        request.result.createObjectStore(STORE, { keyPath: 'id' });
      }
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
  const run = async (mode: IDBTransactionMode, body: (store: IDBObjectStore) => void) => {
    const tx = (await database()).transaction(STORE, mode);
    body(tx.objectStore(STORE));
    await done(tx);
  };
  return {
    async getAll() {
      const tx = (await database()).transaction(STORE, 'readonly');
      return promised(tx.objectStore(STORE).getAll());
    },
    async add(rows: readonly HistoryRow[]) {
      const added: string[] = [];
      await run('readwrite', (store) => {
        for (const row of rows) {
          const request = store.add(row);
          request.onsuccess = () => added.push(row.id);
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
      await run('readwrite', (store) => {
        for (const id of ids) {
          const request = store.get(id);
          request.onsuccess = () => {
            const row = request.result as HistoryRow | undefined;
            if (row && !row.synced) store.put({ ...row, synced: true });
          };
        }
      });
    },
    async remove(ids) {
      await run('readwrite', (store) => ids.forEach((id) => store.delete(id)));
    },
    async clear() {
      await run('readwrite', (store) => store.clear());
    },
  };
}
