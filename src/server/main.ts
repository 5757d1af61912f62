/**
 * Starts Chanterlab: parse config (a bad value stops here naming the variable), open and
 * migrate the database, listen. SIGTERM/SIGINT close gracefully: stop accepting, let in-flight
 * requests finish, then close the database so PGlite's data directory stays consistent.
 */
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DatabaseUnreachableError } from './db/openPostgres.ts';
import { buildApp } from './app.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
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
