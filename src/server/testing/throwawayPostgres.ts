/**
 * A PostgreSQL cluster of our own in a temporary directory on a free loopback port, for tests
 * that stop and restart the server under load (issue 13 item 6) and for bench:memory. Same
 * recipe as scripts/with-postgres.sh: binaries from /usr/lib/postgresql/<n>/bin (or PG_BINDIR),
 * run as the `postgres` user when we are root (PostgreSQL refuses to run as root).
 *
 * fsync is off (no power cut is simulated, and written WAL survives a killed postmaster in the
 * page cache), but synchronous_commit stays on: a commit is acknowledged only once its WAL is
 * written, which is what "no acknowledged write lost" across `-m immediate` relies on.
 */
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './freePort.ts';

const run = promisify(execFile);

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  /** pg_ctl stop: 'fast' ends sessions cleanly, 'immediate' is a crash (recovery at start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** pg_ctl restart -m <mode>. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the cluster (if running) and deletes its directory. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL server binaries, or undefined when there are none. */
export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv && existsSync(join(fromEnv, 'pg_ctl'))) return fromEnv;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter(
      (v) =>
        existsSync(join(base, v, 'bin', 'pg_ctl')) && existsSync(join(base, v, 'bin', 'initdb')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary as ourselves, or as `postgres` when we are root. */
async function asOwner(bin: string, args: string[], cwd: string) {
  if (!isRoot()) return run(bin, args, { cwd });
  return run('runuser', ['-u', 'postgres', '--', bin, ...args], { cwd });
}

async function postgresUid(): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bindir = postgresBinDir();
  if (!bindir) throw new Error('no PostgreSQL server binaries (apt-get install -y postgresql)');
  // Short path: the Unix socket lives here too (socket paths are limited to ~107 bytes).
  const dir = mkdtempSync(join(tmpdir(), 'chanterlab-pg-'));
  const data = join(dir, 'data');
  if (isRoot()) {
    const { uid, gid } = await postgresUid();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  await asOwner(
    join(bindir, 'initdb'),
    [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
      '--no-instructions',
    ],
    dir,
  );
  const port = await freePort();
  const pgCtl = (args: string[]) => asOwner(join(bindir, 'pg_ctl'), ['-D', data, ...args], dir);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ');
  const start = async () => {
    await pgCtl(['-l', join(dir, 'postgres.log'), '-w', '-t', '60', '-o', options, 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    await pgCtl(['-m', mode, '-w', '-t', '60', 'stop']);
  };
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async restart(mode) {
      await pgCtl([
        '-m',
        mode,
        '-w',
        '-t',
        '60',
        '-l',
        join(dir, 'postgres.log'),
        '-o',
        options,
        'restart',
      ]);
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      if (existsSync(join(data, 'postmaster.pid'))) await stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
