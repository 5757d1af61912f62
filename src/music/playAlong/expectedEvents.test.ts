import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { graceNotes } from '../tune/embellishments.ts';
import { graceDurations } from '../tune/graceTiming.ts';
import { expectedEvents } from './expectedEvents.ts';

const tune = parseBww(`Bagpipe Reader:1.0
TuneTempo,90
& sharpf sharpc 2_4
I! gg LA_4 dbc C_4 ! grp LA_4 E_4 !I
`).tunes[0]!;

describe('expected events (issue 14.2)', () => {
  const { bpm, events } = expectedEvents(tune);

  it('issue 14.2: every melody note and every grace note of every embellishment, in playing order', () => {
    expect(bpm).toBe(90);
    expect(events.map((e) => `${e.kind[0]}${e.pitch}`)).toEqual([
      'gHG',
      'mLA',
      ...graceNotes('dbc', { prev: 'LA', note: 'C' }).map((p) => `g${p}`),
      'mC',
      ...graceNotes('grp', { prev: 'C', note: 'LA' }).map((p) => `g${p}`),
      'mLA',
      'mE',
    ]);
    expect(events.map((e) => e.bar)).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(events[0]!.time).toBe(0);
  });

  it('issue 14.2: grace durations come from the playback timing table, each grace knows its movement', () => {
    const doubling = events.filter((e) => e.embellishment === 'dbc' && e.kind === 'grace');
    expect(doubling.map((e) => e.duration)).toEqual(graceDurations('doubling', 3, 90, 2 / 3));
    const c = events.find((e) => e.kind === 'melody' && e.pitch === 'C')!;
    expect(doubling.every((e) => e.melody === c.index && e.family === 'doubling')).toBe(true);
    // The beat: the doubling starts where the crotchet C is written.
    expect(doubling[0]!.time).toBeCloseTo(60 / 90, 9);
  });

  it('issue 14.2: a note that cannot sound as a new onset is marked held', () => {
    const same = parseBww(`& sharpf sharpc 2_4\nI! LA_4 strla LA_4 !I`).tunes[0]!;
    const list = expectedEvents(same).events;
    expect(list.map((e) => e.held)).toEqual([false, true, true]);
  });
});
