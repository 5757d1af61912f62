/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through `pg` when
 * DATABASE_URL is set (docs/decisions/003-database.md). Same schema, same migrations, same
 * queries. Migrations run here, at start, before the server accepts a request.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { DurableNodeFS, durableStartParams, type FsyncListener } from './durableNodeFs.ts';
import { fsyncTree } from './fsyncTree.ts';

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
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    if (shouldMigrate) await migratePg(db as never, { migrationsFolder });
    return wrap('postgres', db, () => pool.end());
  }
  const dataDir = options.dataDir ?? './data';
  const onDisk = !dataDir.startsWith('memory://');
  const hostDir = dataDir.replace(/^file:\/\//, '');
  // 0700: the database holds sessions and sign-in links (issue 13.5).
  if (onDisk) mkdirSync(hostDir, { recursive: true, mode: 0o700 });
  // Issue 13.3: PGlite's default is fsync=off; on disk we flush every commit.
  const durable = onDisk && (options.fsync ?? true);
  const fresh = durable && !existsSync(join(hostDir, 'PG_VERSION'));
  const client = await PGlite.create({
    ...(onDisk
      ? { fs: new DurableNodeFS(hostDir, { flush: durable, onFsync: options.onFsync }) }
      : { dataDir }),
    ...(durable ? { startParams: durableStartParams() } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // initdb's files are unpacked into DATA_DIR without an fsync: flush them once, so a crash
  // just after the first start cannot leave a half-written cluster.
  if (fresh) fsyncTree(hostDir);
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
