/**
 * Small system endpoints: health (database reachability), public configuration, and the
 * `hello` function the developer test page calls (spec §2.1, §7 'Developer test').
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { publicConfig, type Config } from '../config.ts';

export async function systemRoutes(
  app: FastifyInstance,
  options: { config: Config; database: Database },
) {
  const { config, database } = options;

  app.get('/api/health', async (_request, reply) => {
    const reachable = await database.ping();
    reply.header('cache-control', 'no-store');
    if (!reachable) reply.code(503);
    return {
      status: reachable ? 'ok' : 'unavailable',
      database: { kind: database.kind, reachable },
      version: config.APP_VERSION,
    };
  });

  app.get('/api/config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return publicConfig(config);
  });

  app.get('/api/hello', async () => ({
    message: 'Hello from Chanterlab',
    environment: config.APP_ENV,
    time: new Date().toISOString(),
  }));
}
