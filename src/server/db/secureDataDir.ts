/**
 * DATA_DIR holds the database (sessions, sign-in links) and the session-signing secret, so
 * only the server's user may read it (issue 13.5): folders 0700, files 0600. main.ts sets the
 * umask to 0077 so everything created from then on gets those modes; this creates DATA_DIR
 * with 0700 and mends a directory left by an older version (0755 folders, 0666 files), saying
 * once what it changed. Symbolic links are left alone (their own mode means nothing on Linux,
 * and their target may be outside DATA_DIR).
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const DIRECTORY_MODE = 0o700;
export const FILE_MODE = 0o600;

export interface SecureResult {
  directoriesChanged: number;
  filesChanged: number;
}

export function secureDataDir(
  dataDir: string,
  warn: (message: string, details: Record<string, unknown>) => void,
): SecureResult {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true, mode: DIRECTORY_MODE });
  const result: SecureResult = { directoriesChanged: 0, filesChanged: 0 };
  mend(root, result);
  if (result.directoriesChanged + result.filesChanged > 0) {
    warn(
      `DATA_DIR ${root} was open to other users: set ${result.directoriesChanged} folder(s) to 0700 and ${result.filesChanged} file(s) to 0600`,
      { dataDir: root, ...result },
    );
  }
  return result;
}

function mend(path: string, result: SecureResult): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  // Only modes that let others in are changed: a file the operator made 0400 stays 0400.
  const open = (stat.mode & 0o077) !== 0;
  if (stat.isDirectory()) {
    if (open) {
      chmodSync(path, DIRECTORY_MODE);
      result.directoriesChanged += 1;
    }
    for (const name of readdirSync(path)) mend(join(path, name), result);
  } else if (open) {
    chmodSync(path, FILE_MODE);
    result.filesChanged += 1;
  }
}
