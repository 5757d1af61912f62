/**
 * scripts/build-server.mjs --outdir: the browser tests compile the server from the current
 * sources into a directory of their own (e2e/globalSetup.ts) and run it with plain node
 * instead of tsx in every server start (the test suite's speed; docs/decisions/016).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = process.cwd();
mkdirSync(join(root, '.tmp'), { recursive: true });
const outdir = mkdtempSync(join(root, '.tmp', 'build-server-test-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('scripts/build-server.mjs', () => {
  it('test suite speed (ADR 016): --outdir builds the bundle, its migrations and the built-in tunes there', () => {
    const result = spawnSync(process.execPath, ['scripts/build-server.mjs', `--outdir=${outdir}`], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(outdir, 'main.js'))).toBe(true);
    // db/client.ts and builtinTunes.ts look for these beside the bundle.
    expect(readdirSync(join(outdir, 'migrations')).some((f) => f.endsWith('.sql'))).toBe(true);
    expect(existsSync(join(outdir, 'library-tunes'))).toBe(true);
  }, 120_000);
});
