import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { libraryTunes } from '../library/libraryTunes.ts';
import { performTune, type Performance, type PerformanceEvent } from './performance.ts';
import { locateNote, performSet } from './setPerformance.ts';
import { notesOf } from './tune.ts';

/** A performance of melody notes at `bpm`, each one crotchet, first at `start`. */
function perf(bpm: number, notes: number, start = 0, closingRest = 0): Performance {
  const beat = 60 / bpm;
  const events: PerformanceEvent[] = Array.from({ length: notes }, (_, i) => ({
    pitch: 'LA',
    startSeconds: start + i * beat,
    durationSeconds: beat,
    grace: false,
    noteIndex: i,
    partIndex: 0,
  }));
  return { bpm, events, durationSeconds: start + notes * beat + closingRest };
}

const firstStarts = (set: ReturnType<typeof performSet>) => set.segments.map((s) => s.startSeconds);

describe('performSet (issue 15 item 7: play a whole set through)', () => {
  it('issue 15.7: the next tune starts exactly one beat (of the tune that ended) after its last note ends', () => {
    // 4 crotchets at 60 bpm end at 4 s; one beat later is 5 s. 3 at 120 bpm: 1.5 s, +0.5.
    const set = performSet([
      { performance: perf(60, 4), repeats: 1, noteCount: 4 },
      { performance: perf(120, 3), repeats: 1, noteCount: 3 },
      { performance: perf(90, 2), repeats: 1, noteCount: 2 },
    ]);
    expect(firstStarts(set)).toEqual([0, 5, 7]);
    const firstOfEach = set.segments.map(
      (s) => set.performance.events.find((e) => e.startSeconds >= s.startSeconds)!.startSeconds,
    );
    expect(firstOfEach).toEqual([0, 5, 7]);
    // The last tune's own length (2 crotchets at 90 bpm) ends the set.
    expect(set.performance.durationSeconds).toBeCloseTo(7 + 4 / 3, 9);
    expect(set.performance.events).toHaveLength(9);
  });

  it('issue 15.7: a chosen gap (in beats) replaces the one beat; 0 runs straight on', () => {
    const entries = [
      { performance: perf(60, 4), repeats: 1, noteCount: 4 },
      { performance: perf(120, 3), repeats: 1, noteCount: 3 },
    ];
    expect(firstStarts(performSet(entries, { gapBeats: 0 }))).toEqual([0, 4]);
    expect(firstStarts(performSet(entries, { gapBeats: 4 }))).toEqual([0, 8]);
  });

  it('issue 15.7: repeats play the tune again with the same gap, each at its own tempo', () => {
    const set = performSet([
      { performance: perf(60, 2), repeats: 2, noteCount: 2 },
      { performance: perf(120, 2), repeats: 3, noteCount: 2 },
    ]);
    expect(firstStarts(set)).toEqual([0, 3, 6, 7.5, 9]);
    expect(set.segments.map((s) => [s.entry, s.pass])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
  });

  it('issue 15.7: a pickup or a leading rest does not add to the gap; a closing rest is not a gap', () => {
    // The second tune's first sound is 0.5 s into its own performance (a rest before it).
    const set = performSet([
      { performance: perf(60, 2, 0, 3), repeats: 1, noteCount: 2 },
      { performance: perf(60, 2, 0.5), repeats: 1, noteCount: 2 },
    ]);
    expect(firstStarts(set)).toEqual([0, 3]);
    expect(set.performance.events[2]!.startSeconds).toBe(3);
  });

  it('issue 15.7: note indices are unique across the set and locate back to their tune', () => {
    const set = performSet([
      { performance: perf(60, 3), repeats: 2, noteCount: 3 },
      { performance: perf(60, 2), repeats: 1, noteCount: 2 },
    ]);
    expect(set.performance.events.map((e) => e.noteIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(locateNote(set.segments, 4)).toEqual({ segment: 1, noteIndex: 1 });
    expect(locateNote(set.segments, 7)).toEqual({ segment: 2, noteIndex: 1 });
    expect(locateNote(set.segments, null)).toBeNull();
    expect(locateNote(set.segments, 99)).toBeNull();
  });

  it('issue 15.7: an empty set, or a tune with no notes, plays nothing and adds no gap', () => {
    expect(performSet([]).performance).toEqual({ bpm: 80, events: [], durationSeconds: 0 });
    const set = performSet([
      { performance: perf(60, 2), repeats: 1, noteCount: 2 },
      { performance: perf(60, 0), repeats: 1, noteCount: 0 },
      { performance: perf(60, 2), repeats: 1, noteCount: 2 },
    ]);
    expect(firstStarts(set)).toEqual([0, 3]);
  });

  it("issue 15.7: real tunes: the second starts one beat after the first one's last note", () => {
    const one = parseBww(libraryTunes[0]!.bww).tunes[0];
    const two = parseBww(libraryTunes[1]!.bww).tunes[0];
    const a = performTune(one!, { bpm: 100 });
    const b = performTune(two!, { bpm: 60 });
    const set = performSet([
      { performance: a, repeats: 1, noteCount: notesOf(one!).length },
      { performance: b, repeats: 1, noteCount: notesOf(two!).length },
    ]);
    const lastEnd = Math.max(...a.events.map((e) => e.startSeconds + e.durationSeconds));
    expect(set.segments[1]!.startSeconds).toBeCloseTo(lastEnd + 60 / 100, 9);
  });
});
