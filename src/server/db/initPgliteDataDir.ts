/**
 * Creates and migrates a new PGlite data directory in a short-lived child process (issue 13 item 15;
 * docs/decisions/015-memory-budget.md). PGlite's initdb runs a second PostgreSQL and the
 * initdb WASM module beside the one we keep, and builds the directory in memory: done in the
 * server's own process, a first start idled at ~920 MB RSS instead of ~450 MB, because
 * WebAssembly memories and malloc'd buffers are not handed back to the system. In a child
 * they vanish when it exits. Later starts find PG_VERSION and skip this (their migrations, if
 * any are new, run in the server as before).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The child: open (which runs initdb), apply the migrations, close. */
const CHILD = `
const [pgliteEntry, drizzleEntry, migratorEntry, trgmEntry, json] = process.argv.slice(1);
const { PGlite } = require(pgliteEntry);
const { pg_trgm } = require(trgmEntry);
const { drizzle } = require(drizzleEntry);
const { migrate } = require(migratorEntry);
const { migrationsFolder, ...options } = JSON.parse(json);
(async () => {
  const client = await PGlite.create({ ...options, extensions: { pg_trgm } });
  if (migrationsFolder) await migrate(drizzle({ client }), { migrationsFolder });
  await client.close();
})().catch((error) => {
  console.error(error && error.message ? error.message : error);
  process.exit(1);
});
`;

export interface InitPgliteOptions {
  /** The same start flags the server opens the directory with. */
  startParams?: string[];
  /**
   * Migrations to apply in the child as well: the first migrations' DDL grew the server's
   * WASM memory and compiled code by another ~20–30 MB that a restart never needs.
   */
  migrationsFolder?: string;
}

/** True when `dataDir` already holds a database (PostgreSQL writes PG_VERSION at initdb). */
export function hasPgliteDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

export async function initPgliteDataDir(
  dataDir: string,
  options: InitPgliteOptions = {},
): Promise<void> {
  if (hasPgliteDatabase(dataDir)) return;
  // Resolved here, so the child loads the very PGlite this server would load.
  const require = createRequire(import.meta.url);
  // pg_trgm: the library's search indexes (issue 15 item 5; migration 0006).
  const entries = [
    '@electric-sql/pglite',
    'drizzle-orm/pglite',
    'drizzle-orm/pglite/migrator',
    '@electric-sql/pglite/contrib/pg_trgm',
  ].map((name) => require.resolve(name));
  const childOptions = JSON.stringify({ dataDir, ...options });
  const stderr: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD, ...entries, childOptions], {
      // Plain JavaScript: spawn passes none of our own flags (--import tsx) to the child.
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0 || !hasPgliteDatabase(dataDir)) {
    const detail = Buffer.concat(stderr).toString('utf8').trim().split('\n').slice(-5).join(' ');
    throw new Error(
      `Could not create the database in ${dataDir} (initdb exited with ${code}): ${detail}`,
    );
  }
}
