import { describe, expect, it, vi } from 'vitest';
import { FIRST_LAUNCH, START_LIVES } from '../../../music/game/blasterGame.ts';
import { createNoteEventController } from '../../../audio/noteEvents/noteEventController.ts';
import { STANDARD_CHANTER } from '../../../music/chanter.ts';
import { pitches } from '../../../music/notes.ts';
import { createBlasterRunner } from './blasterRunner.ts';

/** Animation frames driven by hand: time in ms, like requestAnimationFrame's argument. */
function fakeFrames() {
  let now = 1000;
  let pending: ((time: number) => void) | null = null;
  return {
    request: vi.fn((cb: (time: number) => void) => {
      pending = cb;
      return 1;
    }),
    cancel: vi.fn(() => {
      pending = null;
    }),
    now: () => now,
    /** Runs frames for `seconds` at 60 per second. */
    run(seconds: number) {
      for (let i = 0; i < Math.round(seconds * 60); i++) {
        now += 1000 / 60;
        const cb = pending;
        pending = null;
        cb?.(now);
      }
    },
    get waiting() {
      return pending !== null;
    },
  };
}

function canvas(): HTMLCanvasElement {
  // jsdom has no 2D context: the painter then draws nothing, which is all these tests need.
  const element = document.createElement('canvas');
  element.getContext = (() => null) as never;
  return element;
}

describe('Blaster runner', () => {
  it('publishes the heads-up display only when something changes, and plays sounds for events', () => {
    const frames = fakeFrames();
    const sound = vi.fn();
    const runner = createBlasterRunner({
      level: 1,
      seed: 4,
      canvas: canvas(),
      reducedMotion: true,
      sound,
      frames,
    });
    const listener = vi.fn();
    runner.subscribe(listener);
    frames.run(FIRST_LAUNCH / 2);
    expect(listener).not.toHaveBeenCalled();
    frames.run(FIRST_LAUNCH);
    expect(listener).toHaveBeenCalledTimes(1);
    const next = runner.getSnapshot().next!;
    expect(next).toBeTruthy();
    runner.play(next.pitch);
    expect(runner.getSnapshot().score).toBe(10);
    expect(sound).toHaveBeenCalledWith('hit');
    runner.dispose();
  });

  it('pauses and resumes; stops requesting frames once the game is over', () => {
    const frames = fakeFrames();
    const runner = createBlasterRunner({
      level: 1,
      seed: 4,
      canvas: canvas(),
      reducedMotion: false,
      sound: () => {},
      frames,
    });
    frames.run(3);
    runner.pause();
    expect(runner.getSnapshot().phase).toBe('paused');
    const at = runner.getSnapshot().gameSeconds;
    frames.run(5);
    expect(runner.getSnapshot().gameSeconds).toBe(at);
    runner.resume();
    frames.run(60);
    expect(runner.getSnapshot()).toMatchObject({ phase: 'over', lives: 0, misses: START_LIVES });
    frames.run(2);
    expect(frames.waiting).toBe(false);
    runner.dispose();
  });

  it('issue 14.1: takes its shots from the note events directly, one per note-on', () => {
    const frames = fakeFrames();
    const notes = createNoteEventController();
    const sound = vi.fn();
    const runner = createBlasterRunner({
      level: 1,
      seed: 4,
      canvas: canvas(),
      reducedMotion: true,
      sound,
      frames,
      notes,
    });
    frames.run(FIRST_LAUNCH * 1.5);
    const next = runner.getSnapshot().next!;
    const hz = STANDARD_CHANTER.frequencies[pitches.indexOf(next.pitch)]!;
    const heard = (time: number) => ({ note: next.pitch, hz, cents: 0, clarity: 0.9, time });
    notes.push(heard(1));
    notes.push(heard(1.02)); // the same note held: no second shot
    expect(runner.getSnapshot()).toMatchObject({ score: 10, hits: 1, misses: 0 });
    expect(sound).toHaveBeenCalledWith('hit');
    runner.dispose();
    // Disposed: later notes reach no game.
    notes.push({ ...heard(2), note: null, hz: null, cents: null });
    notes.push(heard(2.5));
    expect(runner.getSnapshot().score).toBe(10);
  });
});
