/**
 * PGlite's memory settings, in one place (issue 13 item 15; docs/decisions/015-memory-budget.md).
 * Kept apart from the durability start options (issue 13 item 3) so both can change alone.
 *
 * PGlite runs PostgreSQL inside one WebAssembly memory, and a WebAssembly memory only grows:
 * a page PostgreSQL touched once stays in the process's RSS until exit. With PGlite's
 * defaults (shared_buffers 128 MB) an idle server held ~150 MB of WASM memory for a database
 * of a few MB. Its files live in DATA_DIR, so a page evicted from shared_buffers is read back
 * from the kernel's page cache, which the kernel may give back under pressure; our own heap
 * never is.
 */
import { PGlite } from '@electric-sql/pglite';

/** PGlite's own start flags (single-user mode, no parallel workers, …) as shipped. */
const PGLITE_DEFAULT_START_PARAMS: readonly string[] = PGlite.defaultStartParams;

/**
 * shared_buffers when PGLITE_SHARED_BUFFERS is not set: enough for every table of a club's
 * site (the seeded 1,000,000-score benchmark table is ~60 MB and still runs well, see the ADR).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

/** A PostgreSQL memory size as `-c` accepts it, e.g. 16MB, 512kB, 1GB. */
export const memorySizePattern = /^\d+(kB|MB|GB)$/;

/**
 * The `-c name=value` pairs that bound PGlite's memory. Each is a ceiling PostgreSQL may reach
 * and never gives back (see above):
 * - shared_buffers: the page cache inside WASM, touched at start (the largest item).
 * - maintenance_work_mem 16 MB (default 64 MB): CREATE INDEX and VACUUM; only migrations and
 *   a manual VACUUM use it, and 64 MB once used would stay resident for good.
 * - temp_buffers 1 MB (default 8 MB): we create no temporary tables.
 * wal_buffers follows shared_buffers (1/32) by default, so it shrinks with it.
 */
export function pgliteMemoryParams(sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS): string[] {
  if (!memorySizePattern.test(sharedBuffers)) {
    throw new Error(`PGlite shared_buffers must look like 16MB or 512kB, not ${sharedBuffers}`);
  }
  return [
    '-c',
    `shared_buffers=${sharedBuffers}`,
    '-c',
    'maintenance_work_mem=16MB',
    '-c',
    'temp_buffers=1MB',
  ];
}

/** PGlite's start flags plus ours; pass as `startParams` (which replaces PGlite's defaults). */
export function pgliteStartParams(sharedBuffers?: string): string[] {
  return [...PGLITE_DEFAULT_START_PARAMS, ...pgliteMemoryParams(sharedBuffers)];
}
