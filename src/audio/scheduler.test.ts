import { describe, expect, it } from 'vitest';
import { fakeClock } from './testing/fakeClock.ts';
import {
  CHECK_INTERVAL_MS,
  createLookAheadScheduler,
  LOOK_AHEAD,
  type LookAheadSchedulerOptions,
} from './scheduler.ts';

/** A scheduler on fake time: the audio clock is the fake clock in seconds. */
function setup(bpm: number, extra: Partial<LookAheadSchedulerOptions> = {}) {
  const clock = fakeClock(0);
  const beats: Array<{ time: number; index: number; handedAt: number }> = [];
  const scheduler = createLookAheadScheduler({
    now: () => clock.now() / 1000,
    timers: clock,
    bpm,
    onBeat: (time, index) => beats.push({ time, index, handedAt: clock.now() / 1000 }),
    ...extra,
  });
  return { clock, beats, scheduler };
}

describe('look-ahead scheduler', () => {
  it('R-9.CONST-11 looks 0.1 s ahead and checks every 25 ms', () => {
    expect(LOOK_AHEAD).toBe(0.1);
    expect(CHECK_INTERVAL_MS).toBe(25);
    const checks: number[] = [];
    const { clock, scheduler } = setup(100, { onTick: (t) => checks.push(t) });
    scheduler.start();
    clock.advance(100);
    expect(checks).toEqual([0, 0.025, 0.05, 0.075, 0.1]);
    expect(clock.pending).toBe(1);
  });

  it('R-4.METRO-02 beats land exactly at 60/bpm intervals (120 BPM: every 0.5 s)', () => {
    const { clock, beats, scheduler } = setup(120);
    scheduler.start(1);
    clock.advance(10_000);
    expect(beats.map((b) => b.time)).toEqual(Array.from({ length: 19 }, (_, i) => 1 + i * 0.5));
    expect(beats.map((b) => b.index)).toEqual(Array.from({ length: 19 }, (_, i) => i));
  });

  it('does not drift by rounding over a long run at an awkward tempo (100 BPM)', () => {
    const { clock, beats, scheduler } = setup(100);
    scheduler.start(0);
    clock.advance(600_000); // ten minutes
    expect(beats).toHaveLength(1001); // 0 s to 600 s inclusive
    beats.forEach((b, i) => expect(b.time).toBe(i * 0.6));
  });

  it('hands each beat out ahead of time, never more than the look-ahead early', () => {
    const { clock, beats, scheduler } = setup(240);
    scheduler.start(0.05);
    clock.advance(3_000);
    for (const b of beats) {
      expect(b.handedAt).toBeLessThanOrEqual(b.time);
      expect(b.time - b.handedAt).toBeLessThanOrEqual(LOOK_AHEAD + 1e-9);
    }
  });

  it('a tempo change takes effect on the next beat; queued beats keep their time', () => {
    const { clock, beats, scheduler } = setup(60);
    scheduler.start(0);
    clock.advance(2_400); // beats 0, 1, 2 handed out (the one at 3 s not yet)
    expect(beats.map((b) => b.time)).toEqual([0, 1, 2]);
    scheduler.setBpm(120);
    clock.advance(2_100);
    // The beat after 2 s is 0.5 s later at the new tempo, and every one after it.
    expect(beats.map((b) => b.time)).toEqual([0, 1, 2, 2.5, 3, 3.5, 4, 4.5]);
    scheduler.setBpm(240);
    clock.advance(500);
    expect(beats.map((b) => b.time).slice(8)).toEqual([4.75, 5]);
    expect(beats.map((b) => b.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a faster tempo whose next beat would already be past plays it now, not never', () => {
    const { clock, beats, scheduler } = setup(60);
    scheduler.start(0);
    clock.advance(2_850);
    scheduler.setBpm(120); // 2 s + 0.5 s is already behind the clock
    clock.advance(600);
    expect(beats.map((b) => b.time)).toEqual([0, 1, 2, 2.85, 3.35]);
  });

  it('a tempo change after a beat is queued does not move that beat', () => {
    const { clock, beats, scheduler } = setup(60);
    scheduler.start(0);
    clock.advance(950); // the beat at 1 s was handed out at 0.9 s
    expect(beats.map((b) => b.time)).toEqual([0, 1]);
    scheduler.setBpm(120);
    clock.advance(600);
    expect(beats.map((b) => b.time)).toEqual([0, 1, 1.5]);
  });

  it('R-4.METRO-03 stop halts the beats and leaves no timer; start begins again at beat 0', () => {
    const { clock, beats, scheduler } = setup(120);
    scheduler.start();
    clock.advance(1_000);
    expect(scheduler.running).toBe(true);
    scheduler.stop();
    expect(scheduler.running).toBe(false);
    expect(clock.pending).toBe(0);
    const count = beats.length;
    clock.advance(5_000);
    expect(beats).toHaveLength(count);
    scheduler.start();
    expect(beats.at(-1)).toMatchObject({ index: 0, time: 6 });
  });

  it('skips beats a long-stalled timer finds in the past instead of playing them at once', () => {
    const clock = fakeClock(0);
    let audioTime = 0;
    const beats: number[] = [];
    const scheduler = createLookAheadScheduler({
      now: () => audioTime,
      timers: clock,
      bpm: 120,
      onBeat: (t) => beats.push(t),
    });
    scheduler.start(0);
    audioTime = 3.02; // the audio clock ran on while the timer was held back
    clock.advance(25);
    expect(beats).toEqual([0, 3]);
  });

  it('dispose clears its timer and rejects a non-positive tempo', () => {
    const { clock, scheduler } = setup(120);
    expect(() => scheduler.setBpm(0)).toThrow(RangeError);
    scheduler.start();
    scheduler.dispose();
    expect(clock.pending).toBe(0);
  });
});
