import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { expectedEvents } from './expectedEvents.ts';
import { createWaitFollower } from './waitFollower.ts';
import type { Pitch } from '../notes.ts';

const tune = parseBww(`Bagpipe Reader:1.0
& sharpf sharpc 4_4
I! gg LA_4 dbc C_4 B_4 grp LA_4 !I
`).tunes[0]!;
const { events } = expectedEvents(tune);

/** Notes played one after another, each `seconds` long, starting at 10 s (no timing judged). */
function play(notes: [Pitch, number][]) {
  const follower = createWaitFollower(events);
  let t = 10;
  for (const [note, seconds] of notes) {
    follower.push({ onset: t, duration: seconds, note });
    t += seconds;
  }
  return follower;
}

describe('wait mode (issue 14.2)', () => {
  it('issue 14.2: waits at each note until it is played, however long it takes', () => {
    const f = createWaitFollower(events);
    const first = f.position();
    expect(events[first]).toMatchObject({ kind: 'melody', pitch: 'LA' });
    f.push({ onset: 100, duration: 0.03, note: 'HG' });
    expect(f.position()).toBe(first);
    f.push({ onset: 500, duration: 2, note: 'LA' });
    expect(events[f.position()]).toMatchObject({ kind: 'melody', pitch: 'C' });
  });

  it('issue 14.2: a slow, clean run completes the tune with everything right', () => {
    const f = play([
      ['HG', 0.05],
      ['LA', 1],
      ['HG', 0.05],
      ['C', 0.06],
      ['D', 0.05],
      ['C', 1],
      ['B', 1],
      ['LG', 0.05],
      ['D', 0.05],
      ['LG', 0.05],
      ['LA', 1],
    ]);
    expect(f.done()).toBe(true);
    const result = f.result();
    expect(result.events).toHaveLength(events.length);
    expect(result.events.every((j) => j.verdict === 'correct')).toBe(true);
    expect(result.embellishments.map((e) => e.verdict)).toEqual([
      'complete',
      'complete',
      'complete',
    ]);
  });

  it('issue 14.2: wrong tries before the right note mark it wrong (what was heard first), short slips do not', () => {
    const f = play([
      ['HG', 0.05],
      ['LA', 1],
      ['E', 0.02],
      ['HG', 0.05],
      ['C', 0.06],
      ['D', 0.05],
      ['C', 1],
      ['D', 0.5],
      ['B', 1],
    ]);
    const result = f.result();
    const melody = result.events.filter((j) => j.expected.kind === 'melody');
    expect(melody.map((j) => j.verdict)).toEqual(['correct', 'correct', 'wrong']);
    expect(melody[2]!.heard).toBe('D');
    // The slip before the doubling is its crossing noise.
    expect(result.embellishments[1]).toMatchObject({ verdict: 'crossing-noise', noise: ['E'] });
    expect(f.position()).toBe(events.findLast((e) => e.kind === 'melody')!.index);
  });

  it('issue 14.2: a movement played without one of its grace notes is named', () => {
    const f = play([
      ['HG', 0.05],
      ['LA', 1],
      ['HG', 0.05],
      ['D', 0.05],
      ['C', 1],
    ]);
    const db = f.result().embellishments[1]!;
    expect(db.verdict).toBe('missing-graces');
    expect(db.missing.map((i) => events[i]!.pitch)).toEqual(['C']);
  });
});
