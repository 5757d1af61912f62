import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { STANDARD_CHANTER } from '../src/music/chanter.ts';
import { scaleIndex } from '../src/music/notes.ts';
import { expectedEvents } from '../src/music/playAlong/expectedEvents.ts';
import { judgeWindows } from '../src/music/playAlong/judgeWindows.ts';
import { plannedPerformance } from '../src/music/playAlong/testing/plannedPerformance.ts';
import { renderChanter } from '../src/audio/synth/renderChanter.ts';
import { encodeWav } from '../src/audio/wav/wav.ts';
import { playalong } from './playalong.ts';
import type { EventLine } from './playalongReport.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'playalong-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A short march at its written 100 bpm, recorded with 0.7 s of silence before the first note
// and three mistakes: a wrong note, the middle grace of a doubling left out, a late note.
const bww = `Bagpipe Reader:1.0
TuneTempo,100
"Test March",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)
& sharpf sharpc 2_4
I! gg LA_4 B_4 ! dbc C_4 D_4 ! gg E_4 F_4 ! grp LA_4 thrd D_4 !I
`;
const tunePath = join(dir, 'test.bww');
writeFileSync(tunePath, bww);
const { events } = expectedEvents(parseBww(bww).tunes[0]!);
const melody = events.filter((e) => e.kind === 'melody');
const dbc = melody.find((m) => m.embellishment === 'dbc')!;
const droppedGrace = events.find(
  (e) => e.melody === dbc.index && e.kind === 'grace' && e.pitch === 'C',
)!;
/** The take as a WAV file, played `rate` times slower than written. */
function recording(name: string, rate: number): string {
  const { notes } = plannedPerformance(
    events,
    [
      { kind: 'wrong', melody: melody[1]!.index, pitch: 'HA' },
      { kind: 'drop-grace', grace: droppedGrace.index },
      { kind: 'shift', melody: melody[5]!.index, seconds: 0.1 },
    ],
    { windows: judgeWindows(), start: 0.7, rate },
  );
  const sampleRate = 44100;
  const samples = renderChanter(
    notes.map((n) => ({
      hz: STANDARD_CHANTER.frequencies[scaleIndex(n.pitch)]!,
      onset: n.onset,
      duration: n.duration,
    })),
    { sampleRate, seconds: notes.at(-1)!.onset + notes.at(-1)!.duration + 0.3 },
  );
  const path = join(dir, name);
  writeFileSync(path, encodeWav([samples], sampleRate));
  return path;
}
const wavPath = recording('take.wav', 1);

describe('npm run playalong (issue 14.6)', () => {
  it("issue 14.6: --json prints one object per expected event in the issue's shape, then a summary", () => {
    const run = playalong([tunePath, wavPath, '--json']);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const lines = run.out.map((l) => JSON.parse(l) as EventLine & { summary?: unknown });
    const rows = lines.slice(0, -1);
    expect(rows).toHaveLength(events.length);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual([
        'index',
        'bar',
        'kind',
        'expected',
        'heard',
        'offsetMs',
        'verdict',
        'embellishment',
      ]);
    }
    const notRight = rows.filter((r) => r.verdict !== 'correct');
    expect(notRight.map((r) => [r.index, r.kind, r.expected, r.heard, r.verdict])).toEqual([
      [melody[1]!.index, 'melody', 'B', 'HA', 'wrong'],
      [droppedGrace.index, 'grace', 'C', null, 'missed'],
      [melody[5]!.index, 'melody', 'F', 'F', 'late'],
    ]);
    expect(rows[melody[5]!.index]!.offsetMs).toBeGreaterThan(85);
    expect(rows[melody[5]!.index]!.offsetMs).toBeLessThan(115);
    expect(rows[dbc.index]).toMatchObject({ embellishment: 'dbc', bar: 2 });
    const { summary } = lines.at(-1) as { summary: Record<string, unknown> };
    expect(summary).toMatchObject({
      title: 'Test March',
      bpm: 100,
      melody: { notes: melody.length, wrong: 1, late: 1, missed: 0 },
      embellishments: { missingGraces: 1 },
      extraNotes: 0,
    });
  });

  it('issue 14.6: the readable report goes bar by bar; a given --tempo and --latency are used', () => {
    const run = playalong([tunePath, wavPath, '--latency', '20', '--tempo', '100']);
    expect(run.code).toBe(0);
    const text = run.out.join('\n');
    expect(text).toContain('Test March: 100 bpm written');
    expect(text).toMatch(/bar +1: Low A ok, B wrong \(heard High A\)/);
    expect(text).toMatch(/bar +2: C ok \[dbc: missing C\]/);
    expect(text).toMatch(/bar +3: E ok, F late (9\d|10\d) ms/);
    expect(text).toContain('Melody: 6/8 right');
  });

  it('issue 14.6: a take played slower than written (85 bpm for 100) is judged at the tempo played', () => {
    const run = playalong([tunePath, recording('slow.wav', 100 / 85), '--json']);
    expect(run.code).toBe(0);
    const rows = run.out.slice(0, -1).map((l) => JSON.parse(l) as EventLine);
    expect(rows.filter((r) => r.verdict !== 'correct').map((r) => [r.index, r.verdict])).toEqual([
      [melody[1]!.index, 'wrong'],
      [droppedGrace.index, 'missed'],
      [melody[5]!.index, 'late'],
    ]);
    const { summary } = JSON.parse(run.out.at(-1)!) as { summary: { playedBpm: number } };
    expect(Math.abs(summary.playedBpm - 85)).toBeLessThan(1);
  });

  it('issue 14.6: bad arguments exit 2 with the usage; runs as an npm script', () => {
    expect(playalong([tunePath]).code).toBe(2);
    expect(playalong([tunePath, wavPath, '--tempo', 'fast']).err[0]).toContain(
      '--tempo needs a number',
    );
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/playalong.ts', tunePath, wavPath, '--json'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(child.status).toBe(0);
    expect(child.stdout.trim().split('\n').at(-1)).toMatch(/^\{"summary":/);
  }, 30_000);
});
