/**
 * A model of a disk after a power cut or kernel crash (issue 13.3, docs/decisions/014): the
 * operating system loses every write that no fsync(2) flushed. POSIX promises nothing more,
 * so this is the worst case a database must survive:
 * - a file's content is what it was at its last fsync (or at the baseline);
 * - a directory's entries are what they were at its last fsync (a new or renamed file whose
 *   folder was never flushed is gone, as Linux's fsync(2) page warns);
 * - a name whose file was never flushed exists but is empty.
 * The baseline is the directory as it is when the model is made (a clean shutdown followed by
 * `sync`). PGlite reports every fsync through DurableNodeFS's listener; `materialize` writes
 * the surviving state to another directory, which a test then opens as the crashed database.
 * Not modelled: torn pages inside one write (PostgreSQL's full_page_writes covers those) and
 * directory renames (PostgreSQL renames files, not folders, while running).
 */
import { lstatSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

type Content = Buffer | 'directory';

export class LostPagesDisk {
  readonly root: string;
  /** fsync calls seen since the baseline. */
  fsyncs = 0;
  /** Durable entries of each folder (real path → name → inode). */
  readonly #entries = new Map<string, Map<string, number>>();
  /** Durable content of each inode. */
  readonly #contents = new Map<number, Content>();

  constructor(root: string) {
    this.root = resolve(root);
    const walk = (dir: string) => {
      this.#flushDirectory(dir);
      for (const [name, ino] of this.#entries.get(dir)!) {
        const path = join(dir, name);
        if (this.#contents.get(ino) === 'directory') walk(path);
        else this.#flushFile(path);
      }
    };
    walk(this.root);
  }

  /** DurableNodeFS's listener: what this fsync made durable. */
  readonly onFsync = (path: string): void => {
    this.fsyncs += 1;
    const real = resolve(path);
    if (lstatSync(real).isDirectory()) this.#flushDirectory(real);
    else this.#flushFile(real);
  };

  /** Writes what survives the crash into `target` (a new folder). */
  materialize(target: string): void {
    const write = (dir: string, into: string) => {
      mkdirSync(into, { recursive: true, mode: 0o700 });
      for (const [name, ino] of this.#entries.get(dir) ?? new Map<string, number>()) {
        const content = this.#contents.get(ino);
        if (content === 'directory') write(join(dir, name), join(into, name));
        else writeFileSync(join(into, name), content ?? Buffer.alloc(0), { mode: 0o600 });
      }
    };
    write(this.root, resolve(target));
  }

  #flushFile(path: string): void {
    const stat = lstatSync(path);
    if (stat.isFile()) this.#contents.set(stat.ino, readFileSync(path));
  }

  #flushDirectory(dir: string): void {
    this.#contents.set(lstatSync(dir).ino, 'directory');
    const entries = new Map<string, number>();
    for (const name of readdirSync(dir)) {
      const stat = lstatSync(join(dir, name));
      if (stat.isSymbolicLink()) continue;
      entries.set(name, stat.ino);
      // A folder's own entries become durable only when it is flushed itself.
      if (stat.isDirectory() && !this.#contents.has(stat.ino)) {
        this.#contents.set(stat.ino, 'directory');
      }
    }
    this.#entries.set(dir, entries);
  }
}
