/**
 * A fresh, migrated database for one API test file: PGlite loaded from the snapshot made in
 * globalSetup, or a PostgreSQL database cloned from the migrated template.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { databaseUrlWithName, TEMPLATE_DATABASE } from './globalSetup.ts';

export async function openTestDatabase(): Promise<Database> {
  const templateUrl = inject('postgresTemplateUrl');
  if (templateUrl) {
    const name = `chanterlab_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrlWithName(templateUrl, 'postgres') });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
    await admin.end();
    const database = await openDatabase({
      databaseUrl: databaseUrlWithName(templateUrl, name),
      migrate: false,
      poolSize: 4,
    });
    return {
      ...database,
      async close() {
        await database.close();
        const dropper = new pg.Client({
          connectionString: databaseUrlWithName(templateUrl, 'postgres'),
        });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name}`);
        await dropper.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  return openDatabase({
    dataDir: 'memory://',
    loadDataDir: new Blob([snapshot]),
    migrate: false,
  });
}
