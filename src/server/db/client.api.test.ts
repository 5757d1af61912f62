/**
 * openDatabase itself (not the per-file snapshot the other API tests use): a real data
 * directory is migrated on first open, survives close and reopen, and migrating again is a
 * no-op. On PostgreSQL (TEST_DATABASE_URL set, as in .ci/run) the same on a fresh database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrationsFolder, openDatabase, type Database, type OpenOptions } from './client.ts';
import { databaseUrlWithName } from '../testing/globalSetup.ts';

const journal = JSON.parse(
  readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as {
  entries: { tag: string }[];
};
const MIGRATIONS = journal.entries.length;
const serverUrl = process.env.TEST_DATABASE_URL;

// A new PGlite data directory runs initdb in WebAssembly: seconds each, more on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const opened: Database[] = [];
async function open(options: OpenOptions): Promise<Database> {
  const database = await openDatabase(options);
  opened.push(database);
  return database;
}
afterEach(async () => {
  // A failing assertion must not leave a PGlite instance or a pool open.
  for (const database of opened.splice(0)) await database.close().catch(() => undefined);
});

async function appliedMigrations(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n);
}

async function highScoreTableExists(database: Database): Promise<boolean> {
  const [row] = await database.rows<{ name: string | null }>(
    sql`select to_regclass('public.tblblasterhighscore')::text as name`,
  );
  return row?.name === 'tblblasterhighscore';
}

async function insertScore(database: Database, score: number) {
  await database.rows(
    sql`insert into tblblasterhighscore (score, level, struserinitials, local_user_id)
        values (${score}, 1, 'DB', ${'2b1c1f6e-8f0a-4d52-9c3e-6f1a2b3c4d5e'})`,
  );
}

async function scores(database: Database): Promise<number[]> {
  const rows = await database.rows<{ score: number }>(
    sql`select score from tblblasterhighscore order by score`,
  );
  return rows.map((r) => Number(r.score));
}

/** The open → migrate → write → close → reopen cycle, for either kind of database. */
function lifecycleTests(kind: 'pglite' | 'postgres', target: () => OpenOptions) {
  it('migrates a new database on first open', async () => {
    const database = await open(target());
    expect(database.kind).toBe(kind);
    expect(MIGRATIONS).toBeGreaterThan(0);
    expect(await appliedMigrations(database)).toBe(MIGRATIONS);
    expect(await highScoreTableExists(database)).toBe(true);
    expect(await database.ping()).toBe(true);
    await database.close();
  });

  it('closes and reopens with the data intact', async () => {
    const first = await open(target());
    await insertScore(first, 111);
    await insertScore(first, 222);
    await first.close();

    const second = await open(target());
    expect(await scores(second)).toEqual([111, 222]);
    await insertScore(second, 333);
    await second.close();

    const third = await open({ ...target(), migrate: false });
    expect(await scores(third)).toEqual([111, 222, 333]);
    await third.close();
  });

  it('migrations are idempotent: opening again applies nothing twice', async () => {
    const first = await open(target());
    const before = await appliedMigrations(first);
    await first.close();
    for (let i = 0; i < 2; i += 1) {
      const again = await open(target());
      expect(await appliedMigrations(again)).toBe(before);
      expect(await highScoreTableExists(again)).toBe(true);
      await again.close();
    }
  });
}

describe('openDatabase on PGlite in a data directory', () => {
  const dirs: string[] = [];
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'chanterlab-db-'));
    dirs.push(dir);
  });
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  lifecycleTests('pglite', () => ({ dataDir: dir }));

  it('creates a data directory that does not exist yet; close is safe to call twice', async () => {
    const nested = join(dir, 'nested', 'data');
    const database = await open({ dataDir: nested });
    expect(await appliedMigrations(database)).toBe(MIGRATIONS);
    await database.close();
    await expect(database.close()).resolves.toBeUndefined();
  });

  it('migrate: false leaves a new database unmigrated', async () => {
    const database = await open({ dataDir: 'memory://', migrate: false });
    expect(await highScoreTableExists(database)).toBe(false);
    await database.close();
  });
});

describe.skipIf(!serverUrl)('openDatabase on PostgreSQL (TEST_DATABASE_URL)', () => {
  const created: string[] = [];
  let url = '';

  async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  // A new, empty database for every test (not cloned from the migrated template: the point
  // is to migrate it here).
  beforeEach(async () => {
    const name = `chanterlab_client_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`create database ${name}`));
    created.push(name);
    url = databaseUrlWithName(serverUrl!, name);
  });

  afterAll(async () => {
    if (!serverUrl || created.length === 0) return;
    await admin(async (client) => {
      for (const name of created)
        await client.query(`drop database if exists ${name} with (force)`);
    });
  });

  lifecycleTests('postgres', () => ({ databaseUrl: url, poolSize: 2 }));
});
