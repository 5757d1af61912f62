/**
 * The local settings store: the only code that reads or writes Web Storage (issue 3).
 * Values are JSON (spec §3). Writes refuse undefined and unserialisable values; reads fall
 * back to the default on truncated, 'undefined' or unparsable text (spec §5 'Storage').
 * A full quota frees space and retries once (spec §4 'Storage recovery').
 *
 * React reads through subscribe/getSnapshot (DESIGN habit 5); the snapshot of a key is its raw
 * stored string, which is stable between changes. Writes made in another tab arrive as
 * `storage` events and notify the same listeners, so a tab always shows the newest value.
 */
import { allKeyDefs, isDisposableName, keys, type KeyDef } from './keys.ts';
import { appendRecoveryLog } from './recoveryLog.ts';

export type ReadProblem = 'truncated' | 'undefined' | 'unparsable' | 'invalid';

/** Why a stored text cannot be used, or null when it parses to a usable value. */
export function problemOf(raw: string, def?: KeyDef<unknown>): ReadProblem | null {
  const text = raw.trim();
  if (looksTruncated(text)) return 'truncated';
  if (/\bundefined\b/.test(text)) return 'undefined';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'unparsable';
  }
  if (def && !def.valid(value)) return 'invalid';
  return null;
}

/** An object, array or string that opens but never closes: a write cut short. */
function looksTruncated(text: string): boolean {
  if (text === '') return true;
  const first = text[0];
  const last = text[text.length - 1];
  if (first === '{') return last !== '}';
  if (first === '[') return last !== ']';
  if (first === '"') return text.length < 2 || last !== '"';
  return false;
}

/** Serialises a value, or returns null when it cannot be stored (spec §5 'Storage'). */
export function serialise(value: unknown): string | null {
  if (value === undefined) return null;
  try {
    const text = JSON.stringify(value);
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof error === 'object' && error !== null)) return false;
  const e = error as { name?: string; code?: number };
  return (
    e.name === 'QuotaExceededError' ||
    e.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    e.code === 22 ||
    e.code === 1014
  );
}

const criticalNames = new Set(allKeyDefs.filter((d) => d.critical).map((d) => d.key));

export function isCriticalName(key: string): boolean {
  return criticalNames.has(key);
}

export interface SettingsStore {
  read<T>(def: KeyDef<T>): T;
  /** Returns false when the value was refused or could not be stored. */
  write<T>(def: KeyDef<T>, value: T): boolean;
  remove(def: KeyDef<unknown> | string): void;
  /** The raw stored text of a key (the React snapshot), or null. */
  raw(key: string): string | null;
  /** Every stored key name. */
  names(): string[];
  /** Removes everything from local storage. */
  clear(): void;
  subscribe(listener: () => void): () => void;
  /** Tells listeners that storage changed outside `write` (import, repair). */
  notify(): void;
  /** Removes keys to free space; returns the names removed (spec §4 'Storage recovery'). */
  freeSpace(): string[];
  readonly storage: Storage | null;
}

export interface StoreOptions {
  /** Receives cross-tab `storage` events; window by default. */
  readonly events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** Called with a line for the recovery log. */
  readonly onRecovery?: (message: string) => void;
}

export function createSettingsStore(
  storage: Storage | null,
  options: StoreOptions = {},
): SettingsStore {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  let onStorage: ((e: StorageEvent) => void) | null = null;
  const events = options.events;

  const names = (): string[] => {
    if (!storage) return [];
    const out: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k !== null) out.push(k);
    }
    return out;
  };

  const freeSpace = (): string[] => {
    if (!storage) return [];
    const candidates = names().filter((k) => !criticalNames.has(k));
    let victims = candidates.filter(isDisposableName);
    if (victims.length === 0) {
      // No disposable keys: remove about half of the non-critical ones, largest first.
      const bySize = [...candidates].sort(
        (a, b) => (storage.getItem(b)?.length ?? 0) - (storage.getItem(a)?.length ?? 0),
      );
      victims = bySize.slice(0, Math.ceil(candidates.length / 2));
    }
    victims.forEach((k) => storage.removeItem(k));
    return victims;
  };

  const store: SettingsStore = {
    storage,
    read<T>(def: KeyDef<T>): T {
      const text = store.raw(def.key);
      if (text === null) return def.fallback;
      if (problemOf(text, def as KeyDef<unknown>) !== null) return def.fallback;
      return JSON.parse(text) as T;
    },
    write<T>(def: KeyDef<T>, value: T): boolean {
      const text = serialise(value);
      if (text === null || !storage) {
        if (text === null) console.warn(`Refused to store ${def.key}: value is not serialisable`);
        return false;
      }
      try {
        storage.setItem(def.key, text);
      } catch (error) {
        // The recovery log never frees space for itself: it would delete what was just saved.
        if (!isQuotaError(error) || def.key === keys.recoveryLog.key) return false;
        const removed = freeSpace();
        try {
          storage.setItem(def.key, text);
          options.onRecovery?.(
            `Storage full: removed ${removed.length} key(s) (${removed.join(', ')}) to save ${def.key}`,
          );
        } catch {
          notify();
          return false;
        }
      }
      notify();
      return true;
    },
    remove(def) {
      storage?.removeItem(typeof def === 'string' ? def : def.key);
      notify();
    },
    raw(key) {
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    names,
    clear() {
      storage?.clear();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && events && !onStorage) {
        onStorage = (e: StorageEvent) => {
          if (e.storageArea === null || e.storageArea === storage) notify();
        };
        events.addEventListener('storage', onStorage as EventListener);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && events && onStorage) {
          events.removeEventListener('storage', onStorage as EventListener);
          onStorage = null;
        }
      };
    },
    notify,
    freeSpace,
  };
  return store;
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    // Access throws when storage is disabled (e.g. blocked cookies).
    return null;
  }
}

let localStore: SettingsStore | undefined;
let sessionStore: SettingsStore | undefined;

/** The app's local settings store (localStorage). */
export function settingsStore(): SettingsStore {
  if (!localStore) {
    let logging = false;
    const store = createSettingsStore(browserStorage('localStorage'), {
      events: typeof window === 'undefined' ? null : window,
      onRecovery: (message) => {
        // Writing the log may itself hit the quota: never recurse.
        if (logging) return;
        logging = true;
        try {
          appendRecoveryLog(store, message);
        } finally {
          logging = false;
        }
      },
    });
    localStore = store;
  }
  return localStore;
}

/** Per-session flags (sessionStorage). */
export function sessionFlagsStore(): SettingsStore {
  sessionStore ??= createSettingsStore(browserStorage('sessionStorage'));
  return sessionStore;
}

/** Drops the cached stores (tests swap window storage between cases). */
export function resetStoresForTests(): void {
  localStore = undefined;
  sessionStore = undefined;
}
