/**
 * One process per DATA_DIR (issue 13.4). Two servers on one PGlite directory both start and
 * silently overwrite each other's pages, so the first takes `chanterlab.lock` in DATA_DIR
 * before PGlite opens it, and a second stops naming the directory and the holder.
 *
 * - Atomic create: the lock's content is written to a private temporary file first and then
 *   hard-linked to `chanterlab.lock`; link(2) fails with EEXIST when the name exists, so of two
 *   simultaneous starts exactly one wins, and a reader never sees a half-written lock.
 * - Stale locks: a process killed with SIGKILL (or a power cut) leaves its lock behind. When
 *   the holder was on this host and its pid is no longer alive (or is our own pid: a container
 *   restarted as pid 1), the lock is taken over with a warning. A holder on another host (a
 *   shared network disk) cannot be checked, so it counts as alive.
 * - Takeover is itself a race (two new processes both find the same stale lock): each renames
 *   the lock to a private name and checks it moved the stale one it read; if it moved a live
 *   lock instead, it puts it back.
 * PostgreSQL's own postmaster.pid does not help: PGlite runs in single-user mode and ignores it.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'chanterlab.lock';

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  /** Tells two locks of the same pid apart (a takeover must remove the lock it checked). */
  token: string;
}

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock if it is still ours; safe to call more than once. */
  release(): void;
}

export interface LockOptions {
  /** Told once when a stale lock is taken over. */
  warn?: (message: string, details: Record<string, unknown>) => void;
  /** For tests: the pid and host written into the lock (default: this process). */
  pid?: number;
  host?: string;
}

const ATTEMPTS = 5;

export function lockDataDir(dataDir: string, options: LockOptions = {}): DataDirLock {
  const dir = resolve(dataDir);
  const path = join(dir, LOCK_FILE);
  const mine: LockInfo = {
    pid: options.pid ?? process.pid,
    host: options.host ?? hostname(),
    startedAt: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (tryCreate(path, mine)) return held(path, mine.token);
    const current = readLock(path);
    if (current === 'missing') continue; // released between our try and our read
    if (current === 'unreadable') {
      throw new DataDirLockedError(
        `DATA_DIR ${dir} is locked by ${path}, which cannot be read. If no other Chanterlab process uses this directory, delete that file.`,
      );
    }
    if (!isStale(current, mine)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dir} is in use by another Chanterlab process (pid ${current.pid} on ${current.host}, started ${current.startedAt}). Two processes on one data directory lose each other's writes: stop that one, or, if it is no longer running, delete ${path}.`,
      );
    }
    if (takeOver(path, current, mine.token)) {
      options.warn?.(
        `DATA_DIR ${dir}: took over a stale lock from pid ${current.pid} (started ${current.startedAt}), which is no longer running`,
        { dataDir: dir, stalePid: current.pid, staleHost: current.host },
      );
    }
  }
  throw new DataDirLockedError(
    `DATA_DIR ${dir}: could not take ${path} after ${ATTEMPTS} attempts; another process keeps changing it.`,
  );
}

function tryCreate(path: string, info: LockInfo): boolean {
  const temporary = `${path}.${info.pid}-${info.token}.tmp`;
  writeFileSync(temporary, JSON.stringify(info) + '\n', { mode: 0o600 });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function readLock(path: string): LockInfo | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    return 'unreadable';
  }
  try {
    const value = JSON.parse(text) as Partial<LockInfo>;
    if (
      typeof value.pid === 'number' &&
      typeof value.host === 'string' &&
      typeof value.startedAt === 'string' &&
      typeof value.token === 'string'
    ) {
      return value as LockInfo;
    }
  } catch {
    // falls through
  }
  return 'unreadable';
}

function isStale(lock: LockInfo, mine: LockInfo): boolean {
  if (lock.host !== mine.host) return false;
  if (lock.pid === mine.pid) return true;
  try {
    process.kill(lock.pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Removes `stale` if it is still the lock; true when it was. */
function takeOver(path: string, stale: LockInfo, token: string): boolean {
  const aside = `${path}.${process.pid}-${token}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = readLock(aside);
  if (typeof moved === 'object' && moved.token === stale.token) {
    unlinkSync(aside);
    return true;
  }
  // Another process took the stale lock over first and we moved its live lock: put it back.
  try {
    linkSync(aside, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
  return false;
}

function held(path: string, token: string): DataDirLock {
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      const current = readLock(path);
      if (typeof current === 'object' && current.token === token) unlinkSync(path);
    },
  };
}
