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

  it('issue 19 Evaluated honestly: a pickup counts where it is played and phrase ends count from the first full bar', () => {
    const withPickup = parseBww(
      "& sharpf sharpc 2_4 I!'' E_8 ! LA_4 B_4 ! C_4 D_4 ! E_4 F_4 ! HG_4 HA_4 ''!I",
    ).tunes[0]!;
    const f = countFeatures(withPickup);
    // The pickup quaver is the second half of a bar's last beat, not a downbeat.
    expect(f.rhythm.get('2:2')).toBe(1);
    expect(f.rhythm.get('0:2')).toBeUndefined();
    expect(f.graceByBeat.get('off:none')).toBe(1);
    // Full bars 2 and 4 end phrase halves: D and High A (not B and F, shifted by the pickup).
    expect(f.phraseEnd).toEqual(
      new Map([
        ['D', 1],
        ['HA', 1],
      ]),
    );
  });

  it('issue 19 Evaluated honestly: the short last bar that completes a pickup ends the last phrase', () => {
    const withPickup = parseBww(
      "& sharpf sharpc 2_4 I!'' E_8 ! LA_4 B_4 ! C_4 D_4 ! E_4 F_4 ! HG_4 LA_8 ''!I",
    ).tunes[0]!;
    const f = countFeatures(withPickup);
    expect(f.phraseEnd).toEqual(
      new Map([
        ['D', 1],
        ['LA', 1],
      ]),
    );
    // It starts on the beat: its closing quaver is on the second beat, the pickup's off it.
    expect(f.rhythm.get('0:2')).toBe(1);
  });

  it('issue 19 Evaluated honestly: a 6/8 signature at the line start makes dotted-crotchet beats', () => {
    const jig = parseBww("& sharpf sharpc 6_8 I!'' LA_4 B_8 C_4 D_8 ! E_4 F_8 HG_4 HA_8 ''!I")
      .tunes[0]!;
    const f = countFeatures(jig);
    expect(f.rhythm.get('0:4')).toBe(4);
    expect(f.rhythm.get('4:2')).toBe(4);
    expect(f.graceByBeat.get('on:none')).toBe(4);
  });
});
