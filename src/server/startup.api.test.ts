/**
 * What the real server process (`node --import tsx src/server/main.ts`) does at start with its
 * DATA_DIR and configuration (issue 13):
 * - 13.4: a second server on the same DATA_DIR exits with status 2 naming the directory and the
 *   first process, which keeps serving; a stale lock of a killed server is taken over.
 * - 13.5: everything a fresh start creates in DATA_DIR (PGlite's files, the session secret,
 *   the lock) is 0700/0600; a directory left 0755/0666 is mended with one warning.
 * - 13 (item 13): on PostgreSQL in production without BETTER_AUTH_SECRET the process exits 2
 *   with the configuration message before it connects or migrates.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './db/dataDirLock.ts';
import { SECRET_FILE } from './auth/authSecret.ts';
import { spawnServer, type ServerProcess } from './testing/serverProcess.ts';
import { freePort } from './testing/freePort.ts';
import { emptyDatabase } from './testing/emptyDatabase.ts';

const KEY = 'chanterlab-anon';
const serverUrl = process.env.TEST_DATABASE_URL;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function start(vars: Record<string, string>): ServerProcess {
  const server = spawnServer({ SCORE_SESSIONS: 'optional', ...vars });
  cleanups.push(() => server.kill());
  return server;
}

async function submitScore(base: string, score: number): Promise<number> {
  const res = await fetch(`${base}/api/rpc/submit_high_score`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-chanterlab-key': KEY },
    body: JSON.stringify({
      params: {
        p_score: score,
        p_level: 1,
        p_local_user_id: '2b1c1f6e-8f0a-4d52-9c3e-6f1a2b3c4d5e',
        p_initials: 'LCK',
      },
    }),
  });
  return res.status;
}

/** Every entry under `root` with a mode that lets anyone but the owner in. */
function openEntries(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) found.push(`${path} ${mode.toString(8)}`);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (mode !== 0o600) {
      found.push(`${path} ${mode.toString(8)}`);
    }
  };
  walk(root);
  return found;
}

/** A pid that was alive a moment ago and is not now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  expect(child.status).toBe(0);
  return child.pid;
}

describe('issue 13.4 and 13.5: the DATA_DIR of a real server', () => {
  const dataDir = join(tempDir('chanterlab-startup-'), 'data');

  it(
    'issue 13.4: a second server on the same DATA_DIR exits 2 naming the directory and the first; the first keeps serving',
    { timeout: 300_000 },
    async () => {
      const first = start({ DATA_DIR: dataDir });
      const base = await first.listening;
      expect(await submitScore(base, 1001)).toBe(200);

      const second = start({ DATA_DIR: dataDir });
      const exit = await second.exited;
      const output = second.output();
      expect(exit.code, output).toBe(2);
      expect(output).toContain(`DATA_DIR ${dataDir} is in use by another Chanterlab process`);
      expect(output).toContain(`pid ${first.child.pid} on ${hostname()}`);
      // One clean line, not a stack trace.
      expect(output.trim().split('\n')).toHaveLength(1);

      // The first server is untouched: it still answers and writes.
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await submitScore(base, 1002)).toBe(200);
      const lock = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
      expect(lock.pid).toBe(first.child.pid);

      // A clean stop releases the lock.
      first.child.kill('SIGTERM');
      expect((await first.exited).code, first.output()).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    },
  );

  it('issue 13.5: everything the fresh start created in DATA_DIR is 0700/0600', () => {
    // The directory of the test above: PGlite's cluster, the session secret, nothing open.
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, SECRET_FILE))).toBe(true);
    expect(openEntries(dataDir)).toEqual([]);
  });

  it(
    'issue 13.4 and 13.5: a stale lock of a killed server is taken over, and a 0755/0666 DATA_DIR is mended, each with a warning',
    { timeout: 300_000 },
    async () => {
      // An older version's directory: everything readable by everyone.
      const walk = (path: string) => {
        const stat = lstatSync(path);
        if (stat.isDirectory()) {
          chmodSync(path, 0o755);
          for (const name of readdirSync(path)) walk(join(path, name));
        } else if (stat.isFile()) {
          chmodSync(path, 0o666);
        }
      };
      walk(dataDir);
      // The lock a server killed with SIGKILL leaves behind.
      const dead = deadPid();
      writeFileSync(
        join(dataDir, LOCK_FILE),
        JSON.stringify({
          pid: dead,
          host: hostname(),
          startedAt: new Date(Date.now() - 60_000).toISOString(),
          token: 'killed-server',
        }),
      );

      const server = start({ DATA_DIR: dataDir });
      const base = await server.listening;
      const output = server.output();
      expect(output).toContain(`took over a stale lock from pid ${dead}`);
      expect(output).toMatch(/was open to other users: set \d+ folder\(s\) to 0700 and \d+ file/);
      expect(output.match(/was open to other users/g)).toHaveLength(1);
      expect(openEntries(dataDir)).toEqual([]);
      const lock = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
      expect(lock.pid).toBe(server.child.pid);
      // The data of the first server is there.
      const res = await fetch(`${base}/api/scores?limit=10&offset=0&orderBy=score&ascending=true`, {
        headers: { 'x-chanterlab-key': KEY },
      });
      const body = JSON.stringify(await res.json());
      expect(body).toContain('1001');
      expect(body).toContain('1002');

      server.child.kill('SIGTERM');
      expect((await server.exited).code, server.output()).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    },
  );
});

describe('issue 13 (item 13): BETTER_AUTH_SECRET on PostgreSQL is checked before the database', () => {
  it(
    'issue 13 (item 13): production with DATABASE_URL and no BETTER_AUTH_SECRET exits 2 with the configuration message, without connecting',
    { timeout: 120_000 },
    async () => {
      // Nothing listens on this port: a process that tried to migrate would fail to connect
      // (status 1, ECONNREFUSED) instead.
      const port = await freePort();
      const dataDir = join(tempDir('chanterlab-nosecret-'), 'data');
      const server = start({
        DATABASE_URL: `postgres://chanterlab@127.0.0.1:${port}/chanterlab`,
        DATA_DIR: dataDir,
      });
      const exit = await server.exited;
      const output = server.output();
      expect(exit.code, output).toBe(2);
      expect(output.trim()).toBe(
        'Invalid configuration:\n  BETTER_AUTH_SECRET: required with DATABASE_URL in production (every instance must sign sessions with the same secret)',
      );
      expect(existsSync(dataDir)).toBe(false);
    },
  );

  it.skipIf(!serverUrl)(
    'issue 13 (item 13): on a real PostgreSQL database the failed start leaves it without a single table' +
      (serverUrl ? '' : ' — skipped: TEST_DATABASE_URL is not set (scripts/with-postgres.sh)'),
    { timeout: 120_000 },
    async () => {
      const database = await emptyDatabase(serverUrl!, 'chanterlab_nosecret');
      cleanups.push(database.drop);
      const url = database.url;
      const server = start({ DATABASE_URL: url, DATA_DIR: join(tempDir('chanterlab-ns-'), 'd') });
      const exit = await server.exited;
      expect(exit.code, server.output()).toBe(2);
      expect(server.output()).toContain('BETTER_AUTH_SECRET: required with DATABASE_URL');

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema')`,
      );
      await client.end();
      expect(rows[0]!.n, 'tables created by the failed start').toBe(0);
    },
  );
});
