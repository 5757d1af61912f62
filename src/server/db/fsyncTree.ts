/**
 * fsyncs every file and directory under `root`, deepest first, so their contents and names
 * are on the disk (issue 13.3). Used once after PGlite creates a new data directory: initdb's
 * files are unpacked without an fsync, and PostgreSQL only flushes what it writes itself.
 */
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function fsyncTree(root: string): void {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) fsyncTree(path);
    else if (entry.isFile()) fsyncPath(path);
  }
  fsyncPath(root);
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
