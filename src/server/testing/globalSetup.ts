/**
 * Runs once before the API test files (docs/decisions/005-test-harness.md). Migrating takes
 * seconds, so it is done once: on PGlite into a data-dir dump every test file loads; on
 * PostgreSQL (TEST_DATABASE_URL) into a template database every test file clones.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../db/client.ts';
import { seedLibrary } from '../services/library/seedLibrary.ts';

export const TEMPLATE_DATABASE = 'chanterlab_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplateUrl: string;
  }
}

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const templateUrl = databaseUrlWithName(serverUrl, TEMPLATE_DATABASE);
    const database = await openDatabase({ databaseUrl: templateUrl, poolSize: 1 });
    // Seeded once here, so each test app's start finds the built-in tunes (issue 15.2).
    await seedLibrary(database);
    await database.close();
    project.provide('postgresTemplateUrl', templateUrl);
    project.provide('pgliteSnapshot', '');
    return;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedLibrary(database);
  const dump = await dumpPglite(database);
  await database.close();
  const dir = resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-snapshot-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplateUrl', '');
}
