/**
 * Backup & Restore (spec §3 'Settings backup file', §5 'Restore settings', §9): the file is a
 * JSON object mapping each stored key to its parsed value, named `{prefix}-YYYY-MM-DD.json`.
 */
import { serialise, type SettingsStore } from './settingsStore.ts';

export const SETTINGS_FILE_PREFIX = 'chanterlab-settings';

export const restoreMessages = {
  noFile: 'No file selected.',
  invalidFormat: 'Invalid settings file format.',
  readError: 'Error reading file.',
} as const;

/** Every stored key to its parsed value (text that does not parse is kept as text). */
export function exportSettings(store: SettingsStore): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of store.names().sort()) {
    const raw = store.raw(key);
    if (raw === null) continue;
    try {
      out[key] = JSON.parse(raw);
    } catch {
      out[key] = raw;
    }
  }
  return out;
}

/** The backup's file name in local time, e.g. chanterlab-settings-2025-03-07.json. */
export function backupFileName(date: Date = new Date(), prefix = SETTINGS_FILE_PREFIX): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}

export type ImportResult =
  { readonly ok: true; readonly count: number } | { readonly ok: false; readonly error: string };

/** Restores every key of a backup file's text; other stored keys are left alone. */
export function importSettings(store: SettingsStore, text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: restoreMessages.invalidFormat };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, error: restoreMessages.invalidFormat };
  }
  const storage = store.storage;
  if (!storage) return { ok: false, error: restoreMessages.readError };
  let count = 0;
  for (const [key, value] of Object.entries(data)) {
    const textValue = serialise(value);
    if (textValue === null) continue;
    storage.setItem(key, textValue);
    count += 1;
  }
  store.notify();
  return { ok: true, count };
}

/** Reads a chosen file and imports it; the messages are spec §5 and §8's. */
export async function importSettingsFile(
  store: SettingsStore,
  file: Blob | null | undefined,
): Promise<ImportResult> {
  if (!file) return { ok: false, error: restoreMessages.noFile };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, error: restoreMessages.readError };
  }
  return importSettings(store, text);
}

/** Removes every setting (the page asks for confirmation first). */
export function deleteAllSettings(store: SettingsStore): void {
  store.clear();
}
