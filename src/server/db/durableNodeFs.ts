/**
 * PGlite's Node filesystem with a working fsync (issue 13.3, docs/decisions/014).
 *
 * PGlite 0.5.16 mounts DATA_DIR through Emscripten's NODEFS. Two things stop PostgreSQL's
 * durability calls from reaching the disk there:
 * - PGlite starts postgres with `-F` (fsync=off), so it never asks;
 * - even when asked, NODEFS has no `stream_ops.fsync`: `fsync()` in the WebAssembly libc
 *   becomes `fd_sync`, which calls `stream_ops.fsync?.()` and returns 0 when it is missing, and
 *   `fdatasync()` is a stub that returns 0 without touching the file.
 * This class adds `stream_ops.fsync` as a real `fsync(2)` of the host file descriptor, and
 * DURABLE_START_PARAMS turns fsync on with `wal_sync_method=fsync` (the method that goes
 * through `fsync()`, not the `fdatasync()` stub). PostgreSQL then flushes the WAL at every
 * commit, data files and directories at every checkpoint, as on a normal server. Checked with
 * strace: without this, a commit makes no fsync/fdatasync syscall; with it, one per commit.
 * It also keeps group and others out of every file it chmods (issue 13.5, see init).
 */
import { fdatasyncSync, fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The parts of Emscripten's NODEFS we touch (types are not exported by PGlite). */
interface NodeFsStream {
  nfd?: number;
  node: { mode: number };
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: NodeFsStream) => number };
  doSetAttr(target: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]): void;
  realPath(node: unknown): string;
  tryFSOperation<T>(operation: () => T): T;
}

/** Called after each real fsync with the host path (tests model a crash with it). */
export type FsyncListener = (path: string, fd: number) => void;

/**
 * PGlite's default start parameters without `-F`, with fsync at commit. synchronous_commit and
 * full_page_writes are already on by default; stated so a later default cannot turn them off.
 */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'synchronous_commit=on',
    '-c',
    'full_page_writes=on',
    '-c',
    'wal_sync_method=fsync',
  ];
}

export interface DurableNodeFsOptions {
  /** Make fsync(2) real (default true). False leaves PGlite's no-op, for comparisons. */
  flush?: boolean;
  /** Called after each real fsync with the host path (tests model a crash with it). */
  onFsync?: FsyncListener;
}

/** Mode bits for group and others: never set on anything in DATA_DIR (issue 13.5). */
const OTHERS = 0o077;

export class DurableNodeFS extends NodeFS {
  readonly #options: DurableNodeFsOptions;

  constructor(dataDir: string, options: DurableNodeFsOptions = {}) {
    super(dataDir);
    this.#options = options;
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const { flush = true, onFsync } = this.#options;
    const preRun = [...(result.emscriptenOpts.preRun ?? [])];
    preRun.push((mod: unknown) => {
      const nodefs = (mod as { NODEFS: EmscriptenNodeFs }).NODEFS;
      // Issue 13.5: Emscripten applies modes with an explicit chmod (a new cluster is unpacked
      // from a tar as 0666 files; PostgreSQL's in-WebAssembly umask is Emscripten's 0022), so
      // the process umask alone does not keep others out. Every chmod drops their bits.
      const setAttr = nodefs.doSetAttr;
      nodefs.doSetAttr = (target, node, attr, ...rest) =>
        setAttr(
          target,
          node,
          attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~OTHERS },
          ...rest,
        );
      if (!flush) return;
      nodefs.stream_ops.fsync = (stream) => {
        // tryFSOperation turns a failed fsync into an errno, so PostgreSQL sees the error
        // (and PANICs, as it does on a normal server) instead of a silent success.
        nodefs.tryFSOperation(() => {
          if (stream.nfd === undefined) return;
          // Files: fdatasync, as PostgreSQL uses natively on Linux (wal_sync_method=fdatasync);
          // it skips flushing a changed mtime, which on ext4 costs a journal commit per WAL
          // flush. Folders: fsync, which makes their entries durable.
          if ((stream.node.mode & S_IFMT) === S_IFDIR) fsyncSync(stream.nfd);
          else fdatasyncSync(stream.nfd);
          onFsync?.(nodefs.realPath(stream.node), stream.nfd);
        });
        return 0;
      };
    });
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}
