/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through `pg` when
 * DATABASE_URL is set (docs/decisions/003-database.md). Same schema, same migrations, same
 * queries. Migrations run here, at start, before the server accepts a request.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { openPostgres, type DatabaseLog } from './openPostgres.ts';
import { pgliteMemoryParams, pgliteStartParams } from './pgliteSettings.ts';
import { hasPgliteDatabase, initPgliteDataDir } from './initPgliteDataDir.ts';
import { DurableNodeFS, durableStartParams, type FsyncListener } from './durableNodeFs.ts';
import { fsyncTree } from './fsyncTree.ts';
import { secureDataDir } from './secureDataDir.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs a parameterised statement and returns its rows. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Flushes and closes; PGlite must be closed so its data directory is left consistent. */
  close(): Promise<void>;
  /** PostgreSQL: where connection warnings go once the app's logger exists (openPostgres.ts). */
  useLogger?(log: DatabaseLog): void;
  /** PostgreSQL: a connection outside the pool, for LISTEN (Battle across instances). */
  openClient?(): Promise<pg.Client>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests load a migrated snapshot). */
  loadDataDir?: Blob | File;
  /** Apply migrations (default true). */
  migrate?: boolean;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: how long to wait for the server at start (DATABASE_START_TIMEOUT_MS). */
  startTimeoutMs?: number | undefined;
  /** PostgreSQL: warnings before the app's logger exists (default: stderr). */
  log?: DatabaseLog | undefined;
  /** PGlite's shared_buffers (PGLITE_SHARED_BUFFERS); default in pgliteSettings.ts. */
  pgliteSharedBuffers?: string | undefined;
  /**
   * PGlite on disk: flush commits to the disk (default true; docs/decisions/014). Off is
   * PGlite's own default, kept for benchmarks and throwaway data.
   */
  fsync?: boolean;
  /** Tests: told of every fsync PGlite makes (see durableNodeFs.ts). */
  onFsync?: FsyncListener;
}

function wrap(kind: Database['kind'], db: Db, close: () => Promise<void>): Database {
  return {
    kind,
    db,
    async rows<T>(query: SQL) {
      const result = (await db.execute(query)) as unknown as { rows: T[] };
      return result.rows;
    },
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close,
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    // Connection loss and start-up waits: openPostgres.ts (issue 13 item 6).
    const postgres = await openPostgres({
      databaseUrl: options.databaseUrl,
      poolSize: options.poolSize ?? 10,
      migrate: shouldMigrate,
      migrationsFolder,
      startTimeoutMs: options.startTimeoutMs,
      log: options.log,
    });
    return {
      ...wrap('postgres', postgres.db, postgres.close),
      useLogger: postgres.useLogger,
      openClient: postgres.openClient,
    };
  }
  const dataDir = options.dataDir ?? './data';
  const onDisk = !dataDir.startsWith('memory://');
  const hostDir = dataDir.replace(/^file:\/\//, '');
  // Issue 13.3: PGlite's default is fsync=off; on disk we flush every commit.
  const durable = onDisk && (options.fsync ?? true);
  // Memory settings: pgliteSettings.ts (issue 13 item 15); durability: durableNodeFs.ts.
  const startParams = durable
    ? [...durableStartParams(), ...pgliteMemoryParams(options.pgliteSharedBuffers)]
    : pgliteStartParams(options.pgliteSharedBuffers);
  if (onDisk) {
    // 0700: the database holds sessions and sign-in links (issue 13.5).
    mkdirSync(hostDir, { recursive: true, mode: 0o700 });
    if (!hasPgliteDatabase(hostDir)) {
      // initdb and the first migrations run in a child process (memory, ADR 015). Emscripten
      // sets its files' modes with explicit chmod calls (0666) that no umask narrows, so close
      // them to this user (issue 13.5), and flush the new cluster once: initdb's files are
      // unpacked without an fsync (issue 13.3).
      await initPgliteDataDir(hostDir, {
        startParams,
        ...(shouldMigrate ? { migrationsFolder } : {}),
      });
      secureDataDir(hostDir, () => {});
      if (durable) fsyncTree(hostDir);
    }
  }
  const client = await PGlite.create({
    ...(onDisk
      ? { fs: new DurableNodeFS(hostDir, { flush: durable, onFsync: options.onFsync }) }
      : { dataDir }),
    startParams,
    // The library's typo-forgiving search (issue 15 item 5; migration 0006).
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  if (shouldMigrate) await migratePglite(db as never, { migrationsFolder });
  let closed = false;
  return wrap('pglite', db, async () => {
    if (closed) return;
    closed = true;
    await client.close();
  });
}

/** A dump of a PGlite database's data directory, for fast test snapshots. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
