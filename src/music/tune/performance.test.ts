import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { graceDurations } from './graceTiming.ts';
import {
  DEFAULT_BPM,
  FERMATA_FACTOR,
  countIn,
  firstTimeSignature,
  performTune,
  tuneBpm,
  type PerformanceEvent,
} from './performance.ts';
import { notesOf, type Tune } from './tune.ts';

// Small tunes written for these tests (not taken from any collection).
function tune(music: string, tempo: number | null = 60): Tune {
  const head = tempo === null ? '' : `TuneTempo,${tempo}\n`;
  const parsed = parseBww(`${head}"T",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n${music}\n`);
  expect(parsed.warnings).toEqual([]);
  return parsed.tunes[0]!;
}

const melody = (events: readonly PerformanceEvent[]) => events.filter((e) => !e.grace);
const round = (x: number) => Math.round(x * 1e6) / 1e6;

describe('performTune', () => {
  it('times plain notes from the tempo (crotchet = 60/bpm), with dots', () => {
    const t = tune('& sharpf sharpc 2_4 LA_4 B_8 C_8 ! D_4 E_4 !t');
    const p = performTune(t);
    expect(p.bpm).toBe(60);
    expect(melody(p.events).map((e) => [e.pitch, e.startSeconds, e.durationSeconds])).toEqual([
      ['LA', 0, 1],
      ['B', 1, 0.5],
      ['C', 1.5, 0.5],
      ['D', 2, 1],
      ['E', 3, 1],
    ]);
    expect(p.durationSeconds).toBe(4);
    const dotted = performTune(tune("& sharpf sharpc 2_4 LAr_8 'la Bl_16 C_4 !t"), { bpm: 120 });
    expect(melody(dotted.events).map((e) => e.durationSeconds)).toEqual([0.375, 0.125, 0.5]);
  });

  it('uses the chosen tempo over the file, and a default when the file has none', () => {
    expect(performTune(tune('& 2_4 LA_4 !t'), { bpm: 120 }).events[0]!.durationSeconds).toBe(0.5);
    expect(tuneBpm(tune('& 2_4 LA_4 !t', null))).toBe(DEFAULT_BPM);
  });

  it('issue 15.9: changes tempo from the bar of a TuneTempo line in the music on', () => {
    const t = tune('& sharpf sharpc 2_4 LA_4 B_4 !\nTuneTempo,120\nC_4 D_4 !t');
    const at = (bpm?: number) =>
      melody(performTune(t, bpm ? { bpm } : {}).events).map((e) => round(e.durationSeconds));
    expect(at()).toEqual([1, 1, 0.5, 0.5]);
    // A chosen tempo scales the written change alike: half the tune's tempo, half the change's.
    expect(at(30)).toEqual([2, 2, 1, 1]);
  });

  it('holds tied notes without re-articulating them', () => {
    const t = tune('& 2_4 LA_4 ^ts E_4 ! E_4 ^te C_4 !t');
    const m = melody(performTune(t).events);
    expect(m.map((e) => [e.pitch, e.startSeconds, e.durationSeconds, e.noteIndex])).toEqual([
      ['LA', 0, 1, 0],
      ['E', 1, 2, 1],
      ['C', 3, 1, 3],
    ]);
  });

  it('plays a triplet in the time of two', () => {
    const t = tune('& 2_4 ^3s Dr_8 C_8 Bl_8 ^3e LA_4 !t');
    const m = melody(performTune(t).events);
    expect(m.map((e) => round(e.durationSeconds))).toEqual([0.333333, 0.333333, 0.333333, 1]);
    expect(m[3]!.startSeconds).toBeCloseTo(1);
  });

  it('leaves rests silent and holds fermatas', () => {
    const t = tune('& 2_4 LA_4 REST_4 ! B_4 fermatb C_4 !t');
    const m = melody(performTune(t).events);
    expect(m.map((e) => [e.pitch, e.startSeconds, e.durationSeconds])).toEqual([
      ['LA', 0, 1],
      ['B', 2, FERMATA_FACTOR],
      ['C', 2 + FERMATA_FACTOR, 1],
    ]);
  });

  it('plays a repeated part twice, with first and second time endings', () => {
    const t = tune("& 2_4 I!'' LA_4 B_4 ! '1 C_2 _' ''!I '2 D_2 _' !I");
    const m = melody(performTune(t).events);
    expect(m.map((e) => e.pitch)).toEqual(['LA', 'B', 'C', 'LA', 'B', 'D']);
    // The cursor indexes notesOf(tune) in page order: the repeat plays notes 0, 1 again.
    expect(m.map((e) => e.noteIndex)).toEqual([0, 1, 2, 0, 1, 3]);
    expect(notesOf(t).map((n) => n.pitch)).toEqual(['LA', 'B', 'C', 'D']);
  });

  it('handles both endings written inside the closing bar', () => {
    const t = tune("& 2_4 I!'' LA_4 B_4 ! '1 C_2 _' '2 E_2 _' ''!I & 2_4 I! HA_2 !I");
    const m = melody(performTune(t).events);
    expect(m.map((e) => e.pitch)).toEqual(['LA', 'B', 'C', 'LA', 'B', 'E', 'HA']);
  });

  it('plays a single part when asked (loop a part), keeping page note indices', () => {
    const t = tune("& 2_4 I!'' LA_4 B_4 ''!I & 2_4 I! C_4 D_4 !I");
    const second = melody(performTune(t, { part: 1 }).events);
    expect(second.map((e) => [e.pitch, e.startSeconds, e.noteIndex, e.partIndex])).toEqual([
      ['C', 0, 2, 1],
      ['D', 1, 3, 1],
    ]);
  });

  it('plays graces on the beat by default, timed by the table', () => {
    const t = tune('& 2_4 LA_4 dbe E_4 !t');
    const p = performTune(t);
    const graces = p.events.filter((e) => e.grace);
    expect(graces.map((e) => e.pitch)).toEqual(['HG', 'E', 'F']);
    const expected = graceDurations('doubling', 3, 60, 1);
    expect(graces.map((e) => round(e.durationSeconds))).toEqual(expected.map(round));
    // The doubling's middle note is held longer than its gracenotes.
    expect(graces[1]!.durationSeconds).toBeGreaterThan(graces[0]!.durationSeconds);
    const total = expected.reduce((a, b) => a + b, 0);
    expect(graces[0]!.startSeconds).toBe(1);
    const e = melody(p.events)[1]!;
    expect(e.startSeconds).toBeCloseTo(1 + total);
    expect(e.durationSeconds).toBeCloseTo(1 - total);
    expect(graces.every((g) => g.noteIndex === 1)).toBe(true);
  });

  it('takes grace time from the preceding note before the beat', () => {
    const t = tune('& 2_4 LA_4 strlg LA_4 !t');
    const p = performTune(t, { graceAnchor: 'before-beat' });
    const [grace] = p.events.filter((e) => e.grace);
    const [first, second] = melody(p.events);
    expect(grace!.pitch).toBe('LG');
    expect(second!.startSeconds).toBe(1);
    expect(grace!.startSeconds + grace!.durationSeconds).toBeCloseTo(1);
    expect(first!.durationSeconds).toBeCloseTo(1 - grace!.durationSeconds);
  });

  it('applies context: a doubling after High G loses its High G gracenote', () => {
    const t = tune('& 2_4 HG_4 dbe E_4 !t');
    const graces = performTune(t).events.filter((e) => e.grace);
    expect(graces.map((e) => e.pitch)).toEqual(['E', 'F']);
  });

  it('produces events in time order without overlaps', () => {
    const t = tune("& 2_4 I!'' gg LAr_8 'la Bl_16 ! dbc Cr_8 El_8 grp LA_4 ''!I");
    const { events } = performTune(t, { bpm: 90 });
    for (let i = 1; i < events.length; i++) {
      const prev = events[i - 1]!;
      expect(events[i]!.startSeconds).toBeGreaterThanOrEqual(
        prev.startSeconds + prev.durationSeconds - 1e-9,
      );
    }
  });
});

describe('count-in', () => {
  it('counts one bar: two crotchets in 2/4, two dotted crotchets in 6/8', () => {
    expect(countIn({ kind: 'time', beats: 2, beatType: 4, symbol: null }, 60)).toEqual({
      clicks: [0, 1],
      durationSeconds: 2,
    });
    expect(countIn({ kind: 'time', beats: 6, beatType: 8, symbol: null }, 60)).toEqual({
      clicks: [0, 1.5],
      durationSeconds: 3,
    });
    expect(countIn({ kind: 'time', beats: 2, beatType: 2, symbol: 'cut' }, 60).clicks).toEqual([
      0, 2,
    ]);
  });

  it('finds the first time signature, 2/4 when none', () => {
    expect(firstTimeSignature(tune('& 6_8 LA_4 !t'))).toMatchObject({ beats: 6, beatType: 8 });
    expect(firstTimeSignature(tune('& LA_4 !t'))).toMatchObject({ beats: 2, beatType: 4 });
  });
});
