import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { corpusDir } from '../src/music/bww/testing/readCorpus.ts';
import { toMusicXml } from '../src/music/bww/toMusicXml.ts';

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

describe('npm run bww with MusicXML and --events (issue 15.4)', () => {
  // Written for this test.
  const source = [
    'TuneTempo,80',
    '"Events",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
    "& sharpf sharpc 2_4 I!'' gg LAr_8 'la Bl_16 dbc C_4 ! ^3s Dr_16 Cr_16 Bl_16 ^3e grp LA_4 ''!I",
    '& sharpf sharpc thrd D_4 REST_4 !I',
  ].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'chanterlab-bww-'));
  const bwwPath = join(dir, 'events.bww');
  const xmlPath = join(dir, 'events.musicxml');
  const badPath = join(dir, 'bad.xml');
  writeFileSync(bwwPath, source);
  writeFileSync(xmlPath, toMusicXml(parseBww(source).tunes[0]!));
  writeFileSync(badPath, '<score-partwise><part></score-partwise>');
  const fixture = join(root, 'src/music/musicxml/fixtures/museScoreLike.musicxml');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('issue 15.4: --events prints one JSON line per event, the same for a BWW file and its MusicXML', () => {
    const fromBww = bww('--events', bwwPath);
    const fromXml = bww('--events', xmlPath);
    expect(fromBww.code).toBe(0);
    expect(fromXml.code).toBe(0);
    const lines = fromBww.out.trim().split('\n');
    expect(lines[0]).toBe(
      '{"tune":1,"bar":1,"kind":"grace","pitch":"HG","duration":"0","embellishment":"gg"}',
    );
    expect(lines[1]).toBe(
      '{"tune":1,"bar":1,"kind":"melody","pitch":"LA","duration":"3/16","embellishment":null}',
    );
    expect(lines.at(-1)).toBe(
      '{"tune":1,"bar":3,"kind":"rest","pitch":null,"duration":"1/4","embellishment":null}',
    );
    expect(lines.some((l) => l.includes('"duration":"1/24"'))).toBe(true);
    expect(fromXml.out).toBe(fromBww.out);
  }, 30_000);

  it('issue 15.4: reads .musicxml files, naming measures in its warnings', () => {
    const { code, out } = bww(fixture);
    expect(code).toBe(0);
    expect(out).toMatch(/museScoreLike\.musicxml: 1 tune, 6 bars, 13 notes, 6 warnings/);
    expect(out).toContain('museScoreLike.musicxml: measure 2: notation: slur left out');
  }, 30_000);

  it('issue 15.4: exits non-zero on malformed MusicXML, saying where it breaks', () => {
    const { code, err } = bww(badPath, fixture);
    expect(code).toBe(1);
    expect(err).toMatch(
      /bad\.xml: cannot read \(not well-formed XML: <\/score-partwise> closes <part> at line 1/,
    );
  }, 30_000);
});
