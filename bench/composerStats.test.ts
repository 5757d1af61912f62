import { describe, expect, it } from 'vitest';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { countFeatures, jsDistance, twoBarRuns } from './composerStats.ts';

const tune = parseBww(
  "& sharpf sharpc 2_4 I!'' gg LAr_8 'la Bl_16 dbc C_4 ! gg Er_8 'e Dl_16 gg C_4 ''!I",
).tunes[0]!;

describe('bench:composer statistics (issue 19, Evaluated honestly)', () => {
  it('issue 19: counts pitches, intervals, rhythm by beat position, graces and phrase ends', () => {
    const f = countFeatures(tune);
    expect(f.pitch.get('C')).toBe(2);
    expect(f.interval.get('1')).toBe(2);
    expect(f.rhythm.get('0:3')).toBe(2);
    expect(f.rhythm.get('3:1')).toBe(2);
    expect(f.graceByBeat.get('on:grace')).toBe(3);
    expect(f.graceByBeat.get('on:doubling')).toBe(1);
    expect(f.phraseEnd.get('C')).toBe(1);
    expect(twoBarRuns(tune)).toEqual(new Set(['LA/3 B/1 C/4 | E/3 D/1 C/4']));
  });

  it('issue 19: the Jensen–Shannon distance is 0 for equal shapes and 1 for disjoint ones', () => {
    const a = new Map([
      ['x', 2],
      ['y', 2],
    ]);
    expect(
      jsDistance(
        a,
        new Map([
          ['x', 5],
          ['y', 5],
        ]),
      ),
    ).toBeCloseTo(0, 9);
    expect(jsDistance(a, new Map([['z', 1]]))).toBeCloseTo(1, 9);
    const d = jsDistance(
      a,
      new Map([
        ['x', 1],
        ['y', 3],
      ]),
    );
    expect(d).toBeGreaterThan(0);
    expect(d).toBeLessThan(1);
  });
});
