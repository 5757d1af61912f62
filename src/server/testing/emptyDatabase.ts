/**
 * A new, empty database on the test PostgreSQL server (TEST_DATABASE_URL), for tests that start
 * the real server on it and check what it does to a database nobody migrated. Returns its URL
 * and a cleanup that drops it, also while a server is still connected.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrlWithName } from './globalSetup.ts';

export async function emptyDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: databaseUrlWithName(serverUrl, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
