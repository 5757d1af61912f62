import { describe, expect, it } from 'vitest';
import { parseBww } from '../../music/bww/parseBww.ts';
import { expectedEvents } from '../../music/playAlong/expectedEvents.ts';
import { judgeWindows } from '../../music/playAlong/judgeWindows.ts';
import { plannedPerformance } from '../../music/playAlong/testing/plannedPerformance.ts';
import { performTune } from '../../music/tune/performance.ts';
import type { Pitch } from '../../music/notes.ts';
import type { NoteEventListener, NoteEvents } from '../noteEvents/noteEvent.ts';
import { fakeClock } from '../testing/fakeClock.ts';
import { START_DELAY } from '../tunePlayer.ts';
import { createPlayAlongSession, type RunSettings } from './playAlongSession.ts';

const tune = parseBww(`Bagpipe Reader:1.0
& sharpf sharpc 4_4
I! LA_4 dbc C_4 B_4 E_4 !I
`).tunes[0]!;
const bpm = 60;
const { events: expected } = expectedEvents(tune, { bpm });
const performance = performTune(tune, { bpm });

/** A fake note-event source: the test sends ended notes on the audio clock. */
function fakeNoteEvents() {
  const listeners = new Set<NoteEventListener>();
  let id = 0;
  const events: NoteEvents & { play(note: Pitch, onset: number, duration: number): void } = {
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSnapshot: () => null,
    play(note, onset, duration) {
      const event = { id: ++id, note, hz: 440, cents: 0, onset, duration, confidence: 0.9 };
      listeners.forEach((l) => l({ type: 'noteOff', event }));
    },
  };
  return events;
}

function setup(latency = 0, minNote?: () => number) {
  const clock = fakeClock(0);
  const audioTime = () => clock.now() / 1000;
  const calls: { method: string; options?: unknown }[] = [];
  const player = {
    play: (_p: unknown, options?: unknown) => calls.push({ method: 'play', options }),
    stop: () => calls.push({ method: 'stop' }),
  };
  const notes = fakeNoteEvents();
  const session = createPlayAlongSession({
    audioTime,
    timers: clock,
    player,
    noteEvents: notes,
    latency: () => latency,
    minNote,
  });
  return { clock, session, notes, calls };
}

const base: RunSettings = {
  mode: 'play',
  guide: 'voice',
  difficulty: 'standard',
  countIn: { clicks: [0, 1, 2, 3], durationSeconds: 4 },
  beats: [],
  loop: false,
  drones: null,
  startOnFirstNote: false,
};

describe('play-along session (issue 14.4)', () => {
  it('issue 14.4: play mode counts in one bar, judges on the audio clock with the latency taken off, then reviews', () => {
    const latency = 0.12;
    const { clock, session, notes, calls } = setup(latency);
    session.start({ expected, performance, settings: base });
    expect(session.getSnapshot().state).toBe('countingIn');
    expect(calls[calls.length - 1]).toMatchObject({ method: 'play' });
    const origin = START_DELAY + 4;
    const late = expected.find((e) => e.kind === 'melody' && e.pitch === 'B')!;
    const { notes: planned } = plannedPerformance(
      expected,
      [{ kind: 'shift', melody: late.index, seconds: 0.15 }],
      { start: origin + latency, windows: judgeWindows('standard') },
    );
    clock.advance(4100);
    expect(session.getSnapshot().state).toBe('playing');
    for (const n of planned) {
      clock.advance(Math.max(0, (n.onset + n.duration) * 1000 - clock.now()));
      notes.play(n.pitch, n.onset, n.duration);
    }
    clock.advance(5000);
    const snap = session.getSnapshot();
    expect(snap.state).toBe('review');
    const melody = snap.result!.events.filter((e) => e.expected.kind === 'melody');
    expect(melody.map((e) => e.verdict)).toEqual(['correct', 'correct', 'late', 'correct']);
    expect(snap.marks.get(late.noteIndex)?.verdict).toBe('late');
    const doubling = snap.result!.embellishments[0]!;
    expect(doubling.verdict).toBe('complete');
  });

  it('issue 14.4: the cursor follows the audio clock in play mode', () => {
    const { clock, session } = setup();
    session.start({ expected, performance, settings: base });
    expect(session.getSnapshot().cursor).toBeNull();
    clock.advance((START_DELAY + 4 + 2.5) * 1000);
    // Bpm 60: the third melody note (C, index 2 of notesOf) sounds from 2 s to 3 s.
    expect(session.getSnapshot().cursor).toBe(2);
  });

  it('issue 14.4: wait mode has no guide running ahead, waits for the right note and ends when all are played', () => {
    const { session, notes, calls } = setup();
    session.start({ expected, performance, settings: { ...base, mode: 'wait' } });
    expect(calls.filter((c) => c.method === 'play')).toHaveLength(0);
    expect(session.getSnapshot().cursor).toBe(0);
    notes.play('D', 10, 0.5); // wrong: waits
    expect(session.getSnapshot().cursor).toBe(0);
    notes.play('LA', 11, 0.5);
    expect(session.getSnapshot().cursor).toBe(1);
    notes.play('LG', 11.9, 0.006); // one detector frame at a note change: not a note
    notes.play('HG', 12, 0.03);
    notes.play('C', 12.03, 0.04);
    notes.play('D', 12.07, 0.03);
    notes.play('C', 12.1, 0.5);
    notes.play('B', 13, 0.5);
    expect(session.getSnapshot().state).toBe('playing');
    notes.play('E', 14, 0.5);
    const snap = session.getSnapshot();
    expect(snap.state).toBe('review');
    expect(snap.marks.get(0)?.verdict).toBe('wrong');
    expect(snap.marks.get(1)).toEqual({ verdict: 'correct', embellishment: 'complete' });
  });

  it('issue 14.4: with minNote 0 (the keyboard chanter) an instant key press is a note', () => {
    const { session, notes } = setup(0, () => 0);
    session.start({ expected, performance, settings: { ...base, mode: 'wait' } });
    notes.play('LA', 10, 0);
    expect(session.getSnapshot().cursor).toBe(1);
  });

  it('issue 14.4: start on my first note anchors the follower on the first note heard and ends after the last', () => {
    const { clock, session, notes, calls } = setup();
    session.start({ expected, performance, settings: { ...base, startOnFirstNote: true } });
    expect(calls.filter((c) => c.method === 'play')).toHaveLength(0);
    const windows = judgeWindows('standard');
    const wrong = expected.find((e) => e.kind === 'melody' && e.pitch === 'E')!;
    const { notes: planned, truth } = plannedPerformance(
      expected,
      [{ kind: 'wrong', melody: wrong.index, pitch: 'F' }],
      { start: 7.3, windows },
    );
    for (const n of planned) {
      clock.advance(Math.max(0, (n.onset + n.duration) * 1000 - clock.now()));
      notes.play(n.pitch, n.onset, n.duration);
    }
    clock.advance(3000);
    const snap = session.getSnapshot();
    expect(snap.state).toBe('review');
    const verdicts = snap.result!.events.filter((e) => e.expected.kind === 'melody');
    expect(verdicts.map((e) => e.verdict)).toEqual(
      verdicts.map((e) => truth.melody.get(e.expected.index)),
    );
    expect(snap.marks.get(wrong.noteIndex)?.verdict).toBe('wrong');
  });

  it('issue 14.4: a looped run judges each round and stop() ends it with a review', () => {
    const { clock, session, calls } = setup();
    session.start({ expected, performance, settings: { ...base, loop: true, countIn: null } });
    expect(calls.find((c) => c.method === 'play')).toMatchObject({ options: { loop: true } });
    clock.advance((START_DELAY + performance.durationSeconds * 2 + 1) * 1000);
    expect(session.getSnapshot().state).toBe('playing');
    session.stop();
    const snap = session.getSnapshot();
    expect(snap.state).toBe('review');
    expect(snap.result!.rounds).toBe(3);
    expect(calls[calls.length - 1]).toEqual({ method: 'stop' });
    session.reset();
    expect(session.getSnapshot().state).toBe('idle');
  });
});
