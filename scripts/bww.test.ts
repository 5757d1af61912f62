import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../src/music/bww/testing/readCorpus.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = `${join(corpusDir, 'pipeband-music')}/`;
// Real files of the shared corpus (read at run time, never copied): a clean one and one with
// a genuinely malformed line (an unquoted 'I' at 26:1).
const clean = `${corpus}airs/25  Amazing Grace .bww`;
const malformed = `${corpus}4-4_marches/15 b  The Hills of Argyll.bww`;

function bww(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bww.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe.skipIf(!existsSync(clean) || !existsSync(malformed))('npm run bww', () => {
  it('prints tunes, bars, notes, embellishments by family and warnings with line:column', () => {
    const { code, out } = bww(clean, malformed);
    expect(code).toBe(0);
    expect(out).toMatch(/Amazing Grace \.bww: 1 tune, \d+ bars, \d+ notes, 0 warnings/);
    expect(out).toMatch(/embellishments: grace \d+, .*doubling \d+/);
    expect(out).toContain("Hills of Argyll.bww:26:1: unknown-token 'I'");
  }, 30_000);

  it('gives JSON with --json', () => {
    const { code, out } = bww('--json', malformed);
    expect(code).toBe(0);
    const [report] = JSON.parse(out) as Array<{
      tunes: Array<{ bars: number; notes: number }>;
      warnings: Array<{ line: number; column: number }>;
      embellishments: Record<string, number>;
    }>;
    expect(report!.tunes.length).toBeGreaterThan(0);
    expect(report!.tunes[0]!.notes).toBeGreaterThan(0);
    expect(report!.warnings).toContainEqual(expect.objectContaining({ line: 26, column: 1 }));
    expect(Object.keys(report!.embellishments).length).toBeGreaterThan(0);
  }, 30_000);

  it('exits non-zero only for an unreadable file, still reporting the others', () => {
    const { code, out, err } = bww(clean, '/nonexistent/missing.bww');
    expect(code).toBe(1);
    expect(err).toContain('/nonexistent/missing.bww: cannot read (ENOENT)');
    expect(out).toContain('Amazing Grace .bww: 1 tune');
  }, 30_000);
});
