/**
 * Starts Chanterlab: parse config (a bad value stops here naming the variable), open and
 * migrate the database, listen. SIGTERM/SIGINT close gracefully: stop accepting, let in-flight
 * requests finish, then close the database so PGlite's data directory stays consistent.
 */
import { mkdirSync } from 'node:fs';
import pino from 'pino';
import { loadConfig, ConfigError, type Config } from './config.ts';
import { requireSharedSecret } from './auth/authSecret.ts';
import { openDatabase } from './db/client.ts';
import { DatabaseUnreachableError } from './db/openPostgres.ts';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/dataDirLock.ts';
import { secureDataDir } from './db/secureDataDir.ts';
import { buildApp } from './app.ts';

/** Exit status for a configuration the process cannot start with (bad value, busy DATA_DIR). */
const EXIT_CONFIG = 2;

/**
 * PGlite's DATA_DIR: private to this user (issue 13.5) and to this process (issue 13.4),
 * before PGlite opens it. The lock is released when the process exits, however it exits;
 * only SIGKILL or a crash of the machine leaves it, and the next start takes it over.
 */
function prepareDataDir(config: Config, log: pino.Logger): DataDirLock | undefined {
  if (config.DATABASE_URL || config.DATA_DIR.startsWith('memory://')) return undefined;
  const warn = (message: string, details: Record<string, unknown>) => log.warn(details, message);
  mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(config.DATA_DIR, { warn });
  process.on('exit', () => lock.release());
  // Only once the directory is ours: a refused start leaves the running server's files alone.
  secureDataDir(config.DATA_DIR, warn);
  return lock;
}

async function main() {
  // Issue 13.5: the database files, the secret and the lock are created 0600/0700.
  process.umask(0o077);
  let config;
  let lock;
  try {
    config = loadConfig();
    // Before any database is opened or migrated (issue 13, item 13).
    requireSharedSecret(config);
    const log = pino({ level: config.LOG_LEVEL });
    lock = prepareDataDir(config, log);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(EXIT_CONFIG);
    }
    throw error;
  }
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      startTimeoutMs: config.DATABASE_START_TIMEOUT_MS,
      pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
      fsync: config.PGLITE_FSYNC,
    });
  } catch (error) {
    // PostgreSQL unreachable after DATABASE_START_TIMEOUT_MS: one line, no stack (issue 13 item 6).
    if (error instanceof DatabaseUnreachableError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      // Still leave PGlite's data directory consistent if the database answers in time.
      const exit = () => process.exit(1);
      setTimeout(exit, 2000).unref();
      database.close().then(exit, exit);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // server.close() only ends the keep-alive connections idle at that moment. A connection
    // whose request was in flight stays open after its response until the client's next
    // request or Fastify's keepAliveTimeout (72 s), so close() outlasted SHUTDOWN_TIMEOUT_MS
    // and the forced exit skipped closing the database. End such connections once idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    app.close().then(
      () => {
        // The database is closed (app's onClose): the directory is free for the next process.
        lock?.release();
        app.log.info('closed cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      url: `http://localhost:${config.PORT}`,
      database: database.kind,
      environment: config.APP_ENV,
    },
    'Chanterlab is listening',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
