/**
 * Small system endpoints: health (database reachability), public configuration, and the
 * `hello` function the developer test page calls (spec §2.1, §7 'Developer test').
 */
import type { FastifyInstance } from 'fastify';
import { systemRoutes as routes } from '../../contracts/api/systemRoutes.ts';
import type { Database } from '../db/client.ts';
import { publicConfig, type Config } from '../config.ts';
import { registerRoute } from '../http/registerRoute.ts';

export async function systemRoutes(
  app: FastifyInstance,
  options: { config: Config; database: Database },
) {
  const { config, database } = options;

  registerRoute(app, routes.health, {}, async ({ reply }) => {
    const reachable = await database.ping();
    reply.header('cache-control', 'no-store');
    if (!reachable) reply.code(503);
    return {
      status: reachable ? ('ok' as const) : ('unavailable' as const),
      database: { kind: database.kind, reachable },
      version: config.APP_VERSION,
    };
  });

  registerRoute(app, routes.config, {}, async ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return publicConfig(config);
  });

  registerRoute(app, routes.hello, {}, async () => ({
    message: 'Hello from Chanterlab',
    environment: config.APP_ENV,
    time: new Date().toISOString(),
  }));
}
