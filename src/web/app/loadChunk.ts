/**
 * Loads a lazy screen chunk (spec §2.1): a chunk that has not arrived after 120 s is thrown
 * as an error; a chunk that is missing because the site was redeployed (old hashed file
 * names) reloads the page once so the new index.html and chunks are fetched.
 */
import { consumeOnce } from '../storage/sessionFlags.ts';

/** Spec §9 'Chunk load timeout': 120 seconds. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

const MISSING_CHUNK =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isMissingChunkError(error: unknown): boolean {
  return error instanceof Error && MISSING_CHUNK.test(error.message);
}

export interface LoadChunkDeps {
  timeoutMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
  /** Reloads the page; returns true when a reload was started. */
  reloadOnce?: (key: string) => boolean;
}

function defaultReloadOnce(key: string): boolean {
  if (!consumeOnce(`chunk_reload:${key}`)) return false;
  window.location.reload();
  return true;
}

export function loadChunk<T>(
  name: string,
  load: () => Promise<T>,
  deps: LoadChunkDeps = {},
): Promise<T> {
  const timeoutMs = deps.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
  const reloadOnce = deps.reloadOnce ?? defaultReloadOnce;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimer(() => {
      reject(new ChunkLoadError(`Loading ${name} timed out after ${timeoutMs / 1000} seconds.`));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimer(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimer(timer);
        if (isMissingChunkError(error) && reloadOnce(name)) {
          // The reload replaces the page; keep the loading message until it does.
          return;
        }
        reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}
