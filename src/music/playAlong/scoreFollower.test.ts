import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { seededRandom, type Random } from '../random.ts';
import { expectedEvents, type ExpectedEvent } from './expectedEvents.ts';
import { judgeWindows } from './judgeWindows.ts';
import type { PerformedEvent } from './performedEvent.ts';
import { createScoreFollower, type FollowerOptions } from './scoreFollower.ts';
import { plannedPerformance, type Mistake } from './testing/plannedPerformance.ts';

// Four bars, played twice (a repeat): a plain note, a G gracenote, a doubling, a grip, a throw,
// a strike and a High A doubling, at 80 bpm.
const bww = `Bagpipe Reader:1.0
TuneTempo,80
& sharpf sharpc 4_4
I!'' gg LA_4 B_4 dbc C_4 D_4 ! grp LA_4 E_4 gg F_4 HG_4 ! thrd D_4 gg E_4 dbha HA_4 gg E_4
! gg Cr_8 El_8 strla B_4 dbe E_4 gg LA_4 ''!I
`;
const tune = parseBww(bww).tunes[0]!;
const { events } = expectedEvents(tune);
const melodies = events.filter((e) => e.kind === 'melody');
const windows = judgeWindows('standard');
/** The 'nth' melody note (0-based) and the graces of the one with code `code`. */
const melody = (nth: number): ExpectedEvent => melodies[nth]!;
const withEmbellishment = (code: string, from = 0): ExpectedEvent =>
  melodies.slice(from).find((m) => m.embellishment === code)!;
const gracesOf = (m: ExpectedEvent) =>
  events.filter((e) => e.kind === 'grace' && e.melody === m.index);

function run(
  mistakes: Mistake[],
  options: FollowerOptions & { drift?: number; humanise?: Random } = {},
) {
  const { notes, truth } = plannedPerformance(events, mistakes, {
    windows,
    start: options.start ?? 0.8,
    rate: options.rate ?? 1,
    drift: options.drift ?? 0,
    humanise: options.humanise,
  });
  // The follower finds the start itself (the first note), as with a recording.
  const follower = createScoreFollower(events, {
    difficulty: options.difficulty,
    rate: options.rate,
    followTempo: options.followTempo,
  });
  for (const n of notes) follower.push({ onset: n.onset, duration: n.duration, note: n.pitch });
  follower.finish();
  const result = follower.result();
  const verdict = (m: ExpectedEvent) => result.events.find((j) => j.expected.index === m.index)!;
  const emb = (m: ExpectedEvent) => result.embellishments.find((e) => e.melody === m.index);
  const wrongMelodies = melodies
    .filter((m) => verdict(m).verdict !== truth.melody.get(m.index))
    .map((m) => `${m.index}:${verdict(m).verdict}≠${truth.melody.get(m.index)}`);
  const wrongEmbellishments = [...truth.embellishments].flatMap(([m, v]) =>
    result.embellishments.find((e) => e.melody === m)?.verdict === v ? [] : [`${m}:${v}`],
  );
  return { result, truth, verdict, emb, wrongMelodies, wrongEmbellishments };
}

describe('score follower (issue 14.2)', () => {
  it('issue 14.2: a clean performance is all correct, every embellishment complete', () => {
    const r = run([]);
    expect(r.result.events).toHaveLength(events.length);
    expect(r.result.events.every((j) => j.verdict === 'correct')).toBe(true);
    expect(r.result.embellishments.length).toBeGreaterThan(10);
    expect(r.result.embellishments.every((e) => e.verdict === 'complete')).toBe(true);
    expect(r.result.extras).toEqual([]);
  });

  it('issue 14.2: leading silence is allowed: the performance starts at the first note', () => {
    const r = run([], { start: 3.7 });
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: timing windows: on time ±30 ms, good ±60 ms, early or late beyond, by how much', () => {
    const r = run([
      { kind: 'shift', melody: melody(3).index, seconds: 0.02 },
      { kind: 'shift', melody: melody(5).index, seconds: -0.045 },
      { kind: 'shift', melody: melody(9).index, seconds: 0.1 },
      { kind: 'shift', melody: melody(13).index, seconds: -0.08 },
    ]);
    expect(r.verdict(melody(3))).toMatchObject({ verdict: 'correct', timing: 'on-time' });
    expect(r.verdict(melody(5))).toMatchObject({ verdict: 'correct', timing: 'good' });
    expect(r.verdict(melody(9)).verdict).toBe('late');
    expect(r.verdict(melody(9)).offset).toBeCloseTo(0.1, 2);
    expect(r.verdict(melody(13)).verdict).toBe('early');
    expect(r.verdict(melody(13)).offset).toBeCloseTo(-0.08, 2);
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: the windows scale with the difficulty', () => {
    const late = [{ kind: 'shift', melody: melody(9).index, seconds: 0.1 } as const];
    expect(run(late, { difficulty: 'relaxed' }).verdict(melody(9)).timing).toBe('good');
    const slight = [{ kind: 'shift', melody: melody(9).index, seconds: 0.045 } as const];
    expect(run(slight, { difficulty: 'standard' }).verdict(melody(9)).verdict).toBe('correct');
    expect(run(slight, { difficulty: 'strict' }).verdict(melody(9)).verdict).toBe('late');
  });

  it('issue 14.2: a wrong note is named with what was heard, and the follower stays in place', () => {
    const r = run([{ kind: 'wrong', melody: melody(6).index, pitch: 'LG' }]);
    expect(r.verdict(melody(6))).toMatchObject({ verdict: 'wrong', heard: 'LG' });
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: a skipped note is missed and the follower re-finds its place at once', () => {
    const r = run([{ kind: 'skip', melody: melody(7).index }]);
    expect(r.verdict(melody(7))).toMatchObject({ verdict: 'missed', heard: null });
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: two notes skipped in a row, then the tune goes on', () => {
    const r = run([
      { kind: 'skip', melody: melody(10).index },
      { kind: 'skip', melody: melody(11).index },
    ]);
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: an extra note is reported and changes no verdict', () => {
    const r = run([{ kind: 'extra', melody: melody(4).index, pitch: 'HA' }]);
    expect(r.result.extras.map((x) => x.note)).toEqual(['HA']);
    expect(r.wrongMelodies).toEqual([]);
    expect(r.wrongEmbellishments).toEqual([]);
  });

  it('issue 14.2: wrong, extra and skipped notes close together: back in place within 2 notes', () => {
    const r = run([
      { kind: 'wrong', melody: melody(2).index, pitch: 'F' },
      { kind: 'extra', melody: melody(3).index, pitch: 'LG' },
      { kind: 'skip', melody: melody(5).index },
      { kind: 'wrong', melody: melody(6).index, pitch: 'B' },
    ]);
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: a missing grace note of a doubling is named', () => {
    const db = withEmbellishment('dbc');
    const [, middle] = gracesOf(db);
    const r = run([{ kind: 'drop-grace', grace: middle!.index }]);
    expect(r.emb(db)).toMatchObject({ verdict: 'missing-graces', missing: [middle!.index] });
    expect(r.wrongEmbellishments).toEqual([]);
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: a missing G gracenote between two notes of one pitch (the note cannot sound twice)', () => {
    // 'gg LA_4' after the repeat: LA … gg LA; without the G the two LAs are one sound.
    const second = melodies.find(
      (m, i) => i > 0 && m.pitch === melodies[i - 1]!.pitch && m.embellishment === 'gg',
    )!;
    const [g] = gracesOf(second);
    const r = run([{ kind: 'drop-grace', grace: g!.index }]);
    expect(r.emb(second)).toMatchObject({ verdict: 'missing-graces', missing: [g!.index] });
    expect(r.verdict(second).verdict).toBe('correct');
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: grace notes in the wrong order', () => {
    // A throw Low G–D–C played D–Low G–C (a swap that keeps three distinct notes).
    const thrd = withEmbellishment('thrd');
    const [first] = gracesOf(thrd);
    const r = run([{ kind: 'swap-graces', grace: first!.index }]);
    expect(r.emb(thrd)?.verdict).toBe('wrong-order');
    expect(r.wrongEmbellishments).toEqual([]);
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: crossing noise inside a movement', () => {
    const thrd = withEmbellishment('thrd');
    const r = run([{ kind: 'noise', melody: thrd.index, pitch: 'B', seconds: 0.015 }]);
    expect(r.emb(thrd)).toMatchObject({ verdict: 'crossing-noise', noise: ['B'] });
    expect(r.wrongEmbellishments).toEqual([]);
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: grace notes too slow, measured in milliseconds whatever the tempo', () => {
    const db = withEmbellishment('dbha');
    const slow = run([{ kind: 'slow-graces', melody: db.index, seconds: 0.11 }]);
    expect(slow.emb(db)?.verdict).toBe('too-slow');
    expect(slow.emb(db)?.graceDurations.every((d) => d !== null && Math.abs(d - 0.11) < 1e-9)).toBe(
      true,
    );
    // At half the tempo the table's graces keep their length: still complete.
    const halfTempo = run([], { rate: 2 });
    expect(halfTempo.result.embellishments.every((e) => e.verdict === 'complete')).toBe(true);
    expect(halfTempo.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: tempo drift of ±10% is followed, and a late note within it is still found', () => {
    for (const drift of [0.1, -0.1]) {
      const r = run([{ kind: 'shift', melody: melody(24).index, seconds: 0.09 }], { drift });
      expect(r.wrongMelodies).toEqual([]);
      expect(r.result.rate).toBeCloseTo(1 / (1 + drift), 1);
    }
  });

  it('issue 14.2: a human performance (beats ±10 ms, graces 75–125%) drifting, with one of each mistake', () => {
    for (const seed of [1, 2, 3]) {
      const thrd = withEmbellishment('thrd');
      const db = withEmbellishment('dbc', 10);
      const r = run(
        [
          { kind: 'wrong', melody: melody(2).index, pitch: 'F' },
          { kind: 'skip', melody: melody(6).index },
          { kind: 'drop-grace', grace: gracesOf(db)[1]!.index },
          { kind: 'swap-graces', grace: gracesOf(thrd)[0]!.index },
          { kind: 'extra', melody: melody(13).index, pitch: 'LG' },
          { kind: 'shift', melody: melody(16).index, seconds: 0.09 },
          { kind: 'noise', melody: withEmbellishment('grp', 17).index, pitch: 'C', seconds: 0.02 },
        ],
        { drift: 0.08, humanise: seededRandom(seed) },
      );
      expect(r.wrongMelodies).toEqual([]);
      expect(r.wrongEmbellishments).toEqual([]);
    }
  });

  it('issue 14.2: played slower than the score throughout (60 bpm for an 80 bpm score) with rate given', () => {
    const r = run([{ kind: 'wrong', melody: melody(12).index, pitch: 'HA' }], { rate: 80 / 60 });
    expect(r.wrongMelodies).toEqual([]);
  });

  it('issue 14.2: with the tempo held (a metronome), drift reads as early notes', () => {
    const { notes } = plannedPerformance(events, [], { windows, start: 0, drift: 0.03 });
    const follower = createScoreFollower(events, { followTempo: false, start: 0 });
    for (const n of notes) follower.push({ onset: n.onset, duration: n.duration, note: n.pitch });
    follower.finish();
    const last = follower
      .result()
      .events.filter((j) => j.expected.kind === 'melody')
      .at(-1)!;
    expect(last.verdict).toBe('early');
  });

  it('issue 14.2: judgements come out online, at most LAG notes behind, and the rest at finish', () => {
    const { notes } = plannedPerformance(events, [], { windows, start: 0 });
    const follower = createScoreFollower(events);
    let judged = 0;
    notes.forEach((n, i) => {
      const update = follower.push({ onset: n.onset, duration: n.duration, note: n.pitch });
      judged += update.events.length;
      if (i >= 2) expect(judged).toBeGreaterThanOrEqual(i - 1);
    });
    expect(follower.position()).toBeGreaterThanOrEqual(events.length - 1);
    judged += follower.finish().events.length;
    expect(judged).toBe(events.length);
  });

  it('issue 14.2: notes never played at the end are missed', () => {
    const { notes } = plannedPerformance(events, [], { windows, start: 0 });
    const follower = createScoreFollower(events);
    const half = notes.slice(0, notes.length >> 1);
    half.forEach((n) =>
      follower.push({
        onset: n.onset,
        duration: n.duration,
        note: n.pitch,
      } satisfies PerformedEvent),
    );
    follower.finish();
    const last = follower.result().events.at(-1)!;
    expect(last).toMatchObject({ verdict: 'missed', heard: null });
  });
});
