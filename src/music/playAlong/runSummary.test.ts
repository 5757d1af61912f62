import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { expectedEvents } from './expectedEvents.ts';
import { createScoreFollower } from './scoreFollower.ts';
import { judgeWindows } from './judgeWindows.ts';
import { plannedPerformance } from './testing/plannedPerformance.ts';
import { summariseRun } from './runSummary.ts';

const tune = parseBww(`Bagpipe Reader:1.0
& sharpf sharpc 4_4
I! LA_4 dbc C_4 B_4 E_4 ! gg LA_4 B_4 dbc C_4 D_4 ! E_4 F_4 HG_4 HA_4 !I
`).tunes[0]!;
const { events } = expectedEvents(tune, { bpm: 80 });

describe('run summary (issue 14.4 review)', () => {
  it('issue 14.4: counts per bar and per family, melody accuracy and the weakest bars worst first', () => {
    const melodies = events.filter((e) => e.kind === 'melody');
    const doublings = events.filter((e) => e.kind === 'grace' && e.family === 'doubling');
    const mistakes = [
      { kind: 'wrong' as const, melody: melodies[9]!.index, pitch: 'D' as const }, // bar 3 F
      { kind: 'shift' as const, melody: melodies[6]!.index, seconds: 0.12 }, // bar 2 C late
      { kind: 'drop-grace' as const, grace: doublings[doublings.length - 2]!.index }, // bar 2
    ];
    const windows = judgeWindows('standard');
    const { notes } = plannedPerformance(events, mistakes, { start: 5, windows });
    const f = createScoreFollower(events, { start: 5, followTempo: false });
    for (const n of notes) f.push({ onset: n.onset, duration: n.duration, note: n.pitch });
    f.finish();
    const { events: judged, embellishments } = f.result();
    const s = summariseRun(judged, embellishments);
    expect(s.bars.map((b) => b.bar)).toEqual([1, 2, 3]);
    expect(s.bars[0]!.notes).toMatchObject({ correct: 4, wrong: 0, late: 0 });
    expect(s.bars[1]!.notes.late).toBe(1);
    expect(s.bars[1]!.embellishmentFaults).toBe(1);
    expect(s.bars[2]!.notes.wrong).toBe(1);
    // Bar 3 (wrong = 2) ties bar 2 (late 1 + embellishment 1): the earlier bar comes first.
    expect(s.weakestBars).toEqual([2, 3]);
    expect(s.families.find((x) => x.family === 'doubling')).toMatchObject({
      total: 2,
      complete: 1,
      missingGraces: 1,
    });
    expect(s.melodyAccuracy).toBeCloseTo(11 / 12);
  });

  it('issue 14.4: an empty run summarises to nothing', () => {
    expect(summariseRun([], [])).toMatchObject({ bars: [], weakestBars: [], melodyAccuracy: 0 });
  });
});
