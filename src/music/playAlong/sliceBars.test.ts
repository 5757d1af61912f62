import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { performTune } from '../tune/performance.ts';
import { expectedEvents } from './expectedEvents.ts';
import { sliceBars } from './sliceBars.ts';

const tune = parseBww(`Bagpipe Reader:1.0
& sharpf sharpc 4_4
I! LA_4 B_4 C_4 D_4 ! gg E_4 dbf F_4 HG_4 HA_4 ! E_4 F_4 HG_4 HA_4 !I
`).tunes[0]!;

describe('loop a bar range (issue 14.4)', () => {
  it('issue 14.4: cuts the expected events and the guide to bars 2–2, both from time 0', () => {
    const bpm = 60;
    const { events } = expectedEvents(tune, { bpm });
    const performance = performTune(tune, { bpm });
    const cut = sliceBars(events, performance, 2, 2)!;
    expect(cut.expected.filter((e) => e.kind === 'melody').map((e) => e.pitch)).toEqual([
      'E',
      'F',
      'HG',
      'HA',
    ]);
    expect(cut.expected[0]).toMatchObject({ index: 0, kind: 'grace', time: 0, melody: 1 });
    expect(cut.expected.every((e) => e.bar === 2)).toBe(true);
    expect(cut.performance.events).toHaveLength(cut.expected.length);
    expect(cut.performance.events[0]!.startSeconds).toBe(0);
    expect(cut.performance.durationSeconds).toBeCloseTo(4, 5);
    expect(sliceBars(events, performance, 9, 9)).toBeNull();
  });
});
