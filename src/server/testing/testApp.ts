/**
 * Builds the real app on a fresh test database for app.inject() tests. `env` overrides
 * configuration variables (e.g. ADMIN_TOKEN) exactly as a deployment would set them.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from './testDatabase.ts';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * `shared`: a database opened by the caller, for several apps on one database (server
 * instances; issue 17.5). The app does not close it; the caller does, after the apps.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  build: Pick<BuildOptions, 'realtime' | 'onRoute' | 'battle'> = {},
  shared?: Database,
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: './dist',
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    // Tests prune by calling pruneOnce with their own clock (issue 13.10), never on a timer.
    PRUNE_INTERVAL_MINUTES: '0',
    ...env,
  });
  const database = shared ? { ...shared, close: async () => {} } : await openTestDatabase();
  const app = await buildApp({ config, database, logger: false, ...build });
  await app.ready();
  return { app, database, config, close: () => app.close() };
}
