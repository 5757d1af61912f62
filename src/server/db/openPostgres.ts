/**
 * The PostgreSQL side of db/client.ts (DATABASE_URL set), made to outlive the database
 * (issue 13 item 6). A pool whose idle connection is cut (PostgreSQL restarting: 57P01
 * admin_shutdown) emits 'error', and an 'error' event nobody listens to ends the process
 * ('Unhandled error event'). Here every such error is logged as a warning; the broken
 * connection is dropped by pg-pool and a new one is opened at the next checkout, so the server
 * recovers by itself when PostgreSQL is back. Meanwhile requests that need the database are
 * answered 503 (isDatabaseUnavailable.ts, app.ts) and /api/health says 503 (routes/system.ts).
 *
 * At start, PostgreSQL may still be coming up (docker compose starts both at once): we retry
 * with backoff for DATABASE_START_TIMEOUT_MS, then stop with one clear line (main.ts, exit 2).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from './client.ts';
import { isDatabaseUnavailable } from './isDatabaseUnavailable.ts';
import * as schema from './schema/index.ts';

/** The part of a pino/Fastify logger the database uses. */
export interface DatabaseLog {
  warn(object: object, message: string): void;
}

/** PostgreSQL could not be reached or refused us at start; main.ts prints it and exits 2. */
export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';
}

export interface PostgresOptions {
  databaseUrl: string;
  poolSize: number;
  migrate: boolean;
  migrationsFolder: string;
  /** How long to wait for PostgreSQL at start (default 30 s); 0 tries once. */
  startTimeoutMs?: number | undefined;
  /** Warnings before the app's logger exists (default: one line on stderr). */
  log?: DatabaseLog | undefined;
}

export interface PostgresDatabase {
  db: Db;
  /** Route warnings to the app's logger once it exists (app.ts). */
  useLogger(log: DatabaseLog): void;
  /** A connection of its own, outside the pool (LISTEN needs one; issue 17 item 5). */
  openClient(): Promise<pg.Client>;
  close(): Promise<void>;
}

/** A new connection that hangs (host down, packets dropped) fails after this, not the OS's ~2 min. */
const CONNECT_TIMEOUT_MS = 5_000;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/** host:port/database of a connection string: never the password. */
export function describeServer(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

function reason(error: unknown): string {
  const parts = (error as { errors?: unknown }).errors;
  const first = Array.isArray(parts) && parts.length > 0 ? parts[0] : error;
  const { code, message } = first as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message ? message : String(first);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

const stderrLog: DatabaseLog = {
  warn: (_object, message) => console.warn(message),
};

async function waitForServer(pool: pg.Pool, options: PostgresOptions, log: DatabaseLog) {
  const where = describeServer(options.databaseUrl);
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  let delay = FIRST_RETRY_MS;
  for (;;) {
    try {
      const client = await pool.connect();
      client.release();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        // Wrong password, no such database…: waiting will not help.
        throw new DatabaseUnreachableError(
          `PostgreSQL at ${where} refused the connection: ${reason(error)}. Check DATABASE_URL.`,
        );
      }
      if (Date.now() + delay > deadline) {
        throw new DatabaseUnreachableError(
          `Cannot reach PostgreSQL at ${where} (${reason(error)}) after ${Math.round(timeoutMs / 1000)} s: is it running, and is DATABASE_URL right?`,
        );
      }
      log.warn(
        { server: where, retryInMs: delay },
        `PostgreSQL at ${where} is not reachable yet (${reason(error)}); retrying in ${delay} ms`,
      );
      await sleep(delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  }
}

export async function openPostgres(options: PostgresOptions): Promise<PostgresDatabase> {
  let log = options.log ?? stderrLog;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection cut by the server: pg-pool drops it and reports it here. Without this
  // listener the process died (issue 13 item 6).
  pool.on('error', (error) => {
    log.warn(
      { code: (error as { code?: string }).code, message: error.message },
      'PostgreSQL connection lost; a new one is opened at the next query',
    );
  });
  // A checked-out connection has no pool listener; its error also fails the query that holds
  // it (answered 503), so it only needs a listener to keep the process alive.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  try {
    await waitForServer(pool, options, log);
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    if (options.migrate) await migrate(db as never, { migrationsFolder: options.migrationsFolder });
    return {
      db,
      useLogger(next) {
        log = next;
      },
      async openClient() {
        const client = new pg.Client({
          connectionString: options.databaseUrl,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        await client.connect();
        return client;
      },
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}
