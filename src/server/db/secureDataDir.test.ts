/**
 * DATA_DIR permissions (issue 13.5) on their own: a new directory is 0700, an old one with
 * 0755 folders and 0666 files is mended with one warning that says what changed, modes that
 * already keep others out are left alone. The real server's files are checked in
 * src/server/startup.api.test.ts.
 */
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secureDataDir } from './secureDataDir.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chanterlab-perm-'));
  dirs.push(dir);
  return dir;
}
const mode = (path: string) => statSync(path).mode & 0o777;

describe('issue 13.5: DATA_DIR is private to the server user', () => {
  it('issue 13.5: creates a missing DATA_DIR (and its parents) with 0700, no warning', () => {
    const data = join(tempDir(), 'deep', 'data');
    const warnings: string[] = [];
    secureDataDir(data, (message) => warnings.push(message));
    expect(mode(data)).toBe(0o700);
    expect(warnings).toEqual([]);
  });

  it('issue 13.5: an existing 0755/0666 directory is set to 0700/0600 with one warning', () => {
    const data = join(tempDir(), 'data');
    mkdirSync(join(data, 'base', '5'), { recursive: true });
    writeFileSync(join(data, 'PG_VERSION'), '17\n');
    writeFileSync(join(data, 'auth-secret'), 'x'.repeat(64));
    writeFileSync(join(data, 'base', '5', '1259'), 'page');
    for (const dir of [data, join(data, 'base'), join(data, 'base', '5')]) chmodSync(dir, 0o755);
    for (const file of ['PG_VERSION', 'auth-secret', 'base/5/1259']) {
      chmodSync(join(data, file), 0o666);
    }
    // A read-only file the operator made private stays as it is.
    writeFileSync(join(data, 'readonly'), 'r');
    chmodSync(join(data, 'readonly'), 0o400);
    // A link is not followed: its target outside DATA_DIR keeps its mode.
    const outside = join(tempDir(), 'outside');
    writeFileSync(outside, 'o');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(data, 'link'));

    const warnings: { message: string; details: Record<string, unknown> }[] = [];
    const result = secureDataDir(data, (message, details) => warnings.push({ message, details }));

    expect(result).toEqual({ directoriesChanged: 3, filesChanged: 3 });
    for (const dir of [data, join(data, 'base'), join(data, 'base', '5')]) {
      expect(mode(dir), dir).toBe(0o700);
    }
    for (const file of ['PG_VERSION', 'auth-secret', 'base/5/1259']) {
      expect(mode(join(data, file)), file).toBe(0o600);
    }
    expect(mode(join(data, 'readonly'))).toBe(0o400);
    expect(mode(outside)).toBe(0o644);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain(data);
    expect(warnings[0]!.message).toContain('3 folder(s) to 0700 and 3 file(s) to 0600');

    // Mended: the next start has nothing to say.
    const again: string[] = [];
    secureDataDir(data, (message) => again.push(message));
    expect(again).toEqual([]);
  });
});
