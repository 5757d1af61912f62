/**
 * The DATA_DIR lock (issue 13.4) on its own: atomic create, a live holder named in the
 * refusal, stale locks of dead pids taken over, release only of our own lock, and a real race
 * of several processes starting at once (exactly one wins). The two-server test is in
 * src/server/startup.api.test.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './dataDirLock.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: string[] = [];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chanterlab-lock-'));
  dirs.push(dir);
  return dir;
}

/** A pid that was alive a moment ago and is not now (a child that has exited). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  expect(child.status).toBe(0);
  return child.pid;
}

function lockContent(dir: string) {
  return JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as {
    pid: number;
    host: string;
    startedAt: string;
  };
}

describe('issue 13.4: one process per DATA_DIR', () => {
  it('issue 13.4: the lock names this process and host, 0600, and is removed on release', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    const content = lockContent(dir);
    expect(content.pid).toBe(process.pid);
    expect(content.host).toBe(hostname());
    expect(Number.isNaN(Date.parse(content.startedAt))).toBe(false);
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    // Nothing but the lock is left behind (the temporary file is gone).
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    lock.release();
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('issue 13.4: a live holder is refused with the directory, its pid, host and start time', () => {
    const dir = tempDir();
    // The test runner's parent is alive and is not us: it stands for the other server.
    const first = lockDataDir(dir, { pid: process.ppid });
    const error = (() => {
      try {
        lockDataDir(dir);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${process.ppid} on ${hostname()}`);
    expect(message).toContain(lockContent(dir).startedAt);
    expect(message).not.toContain('\n');
    // The refused start did not disturb the holder's lock.
    expect(lockContent(dir).pid).toBe(process.ppid);
    first.release();
  });

  it('issue 13.4: a stale lock of a dead pid on this host is taken over with a warning', () => {
    const dir = tempDir();
    const dead = deadPid();
    lockDataDir(dir, { pid: dead });
    const warnings: string[] = [];
    const lock = lockDataDir(dir, { warn: (message) => warnings.push(message) });
    expect(lockContent(dir).pid).toBe(process.pid);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`stale lock from pid ${dead}`);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    lock.release();
  });

  it('issue 13.4: a lock with our own pid (a restarted container, pid 1 again) is stale', () => {
    const dir = tempDir();
    lockDataDir(dir);
    const warnings: string[] = [];
    lockDataDir(dir, { warn: (message) => warnings.push(message) }).release();
    expect(warnings).toHaveLength(1);
  });

  it('issue 13.4: a holder on another host cannot be checked and counts as alive', () => {
    const dir = tempDir();
    lockDataDir(dir, { pid: deadPid(), host: 'some-other-host' });
    expect(() => lockDataDir(dir)).toThrow(/pid \d+ on some-other-host/);
  });

  it('issue 13.4: an unreadable lock file stops the start and says which file to delete', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), 'not json');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(join(dir, LOCK_FILE));
  });

  it('issue 13.4: release leaves a lock that is no longer ours alone', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    rmSync(lock.path);
    const other = lockDataDir(dir, { pid: process.ppid });
    lock.release();
    expect(lockContent(dir).pid).toBe(process.ppid);
    other.release();
  });

  it(
    'issue 13.4: of several processes taking the same free or stale lock at once, exactly one wins',
    { timeout: 120_000 },
    async () => {
      const module = fileURLToPath(new URL('./dataDirLock.ts', import.meta.url));
      const script = `
        import { lockDataDir } from ${JSON.stringify(module)};
        // Start together: wait for the go file, then race.
        const { existsSync } = await import('node:fs');
        while (!existsSync(process.argv.at(-1) + '.go')) await new Promise((r) => setTimeout(r, 5));
        try { lockDataDir(process.argv.at(-1)); console.log('WON'); }
        catch (error) { console.log(error.name === 'DataDirLockedError' ? 'REFUSED' : 'ERROR ' + error.stack); }
        // Hold the lock until every racer is done.
        while (!existsSync(process.argv.at(-1) + '.done')) await new Promise((r) => setTimeout(r, 10));
      `;
      for (const stale of [false, true]) {
        const dir = tempDir();
        const data = join(dir, 'data');
        mkdirSync(data);
        if (stale) lockDataDir(data, { pid: deadPid() });
        const racers = Array.from({ length: 4 }, () => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', '--input-type=module', '-e', script, data],
            { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
          );
          // A failing test must not leave racers behind.
          cleanups.push(() => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          });
          let out = '';
          let done = false;
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          return {
            out: () => out.trim(),
            answered: () => done || out !== '',
            exited: new Promise<void>((resolve) =>
              child.once('exit', () => {
                done = true;
                resolve();
              }),
            ),
          };
        });
        writeFileSync(data + '.go', '');
        // Every racer has answered once each printed a line.
        while (!racers.every((racer) => racer.answered())) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        writeFileSync(data + '.done', '');
        await Promise.all(racers.map((racer) => racer.exited));
        const answers = racers.map((racer) => racer.out()).sort();
        expect(answers, `stale=${stale}`).toEqual(['REFUSED', 'REFUSED', 'REFUSED', 'WON']);
      }
    },
  );
});
