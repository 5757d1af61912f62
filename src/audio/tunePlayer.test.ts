import { describe, expect, it, vi } from 'vitest';
import type { Performance, PerformanceEvent } from '../music/tune/performance.ts';
import { fakeAudioContext } from './testing/fakeAudioContext.ts';
import { fakeClock } from './testing/fakeClock.ts';
import { START_DELAY, createTunePlayer, type CreateDrones } from './tunePlayer.ts';

function ev(
  pitch: PerformanceEvent['pitch'],
  startSeconds: number,
  durationSeconds: number,
  noteIndex: number,
  grace = false,
): PerformanceEvent {
  return { pitch, startSeconds, durationSeconds, grace, noteIndex, partIndex: 0 };
}

/** LA (0–1 s), a High G grace then D (1–2 s), a rest, E (3–4 s). */
const perf: Performance = {
  bpm: 60,
  durationSeconds: 4,
  events: [ev('LA', 0, 1, 0), ev('HG', 1, 0.03, 1, true), ev('D', 1.03, 0.97, 1), ev('E', 3, 1, 2)],
};

/** An audio context whose clock is the fake timer clock (ms → s). */
function setup(extra: { outputLatency?: number } = {}) {
  const clock = fakeClock(10_000);
  const ctx = fakeAudioContext();
  Object.defineProperty(ctx, 'currentTime', { get: () => clock.now() / 1000 });
  Object.defineProperty(ctx, 'outputLatency', { value: extra.outputLatency ?? 0 });
  const player = createTunePlayer({ getContext: () => ctx, timers: clock });
  return { clock, ctx, player };
}

describe('tunePlayer', () => {
  it('asks for the audio context only on the first play (inside the click)', () => {
    const clock = fakeClock(0);
    const ctx = fakeAudioContext();
    const getContext = vi.fn(() => ctx);
    const player = createTunePlayer({ getContext, timers: clock });
    player.stop();
    player.pause();
    expect(getContext).not.toHaveBeenCalled();
    player.play(perf);
    player.play(perf);
    expect(getContext).toHaveBeenCalledTimes(1);
  });

  it('schedules on the audio clock, only a look-ahead at a time', () => {
    const { clock, ctx, player } = setup();
    player.play(perf);
    const t0 = 10 + START_DELAY;
    // Only the first note is within the first look-ahead.
    expect(ctx.oscillators).toHaveLength(1);
    const osc = ctx.oscillators[0]!;
    expect(osc.startedAt).toBeCloseTo(t0);
    expect(osc.frequency.events).toHaveLength(1);
    clock.advance(1100);
    // The grace and D are now scheduled on the same oscillator, at their exact times.
    expect(osc.frequency.valueAt(t0 + 1.01)).toBe(840);
    expect(osc.frequency.valueAt(t0 + 1.5)).toBe(640);
  });

  it('lets the chanter stop for a rest and strike in again after it', () => {
    const { clock, ctx, player } = setup();
    player.play(perf);
    clock.advance(3200);
    const t0 = 10 + START_DELAY;
    expect(ctx.oscillators).toHaveLength(2);
    expect(ctx.oscillators[0]!.stoppedAt).toBeGreaterThanOrEqual(t0 + 2);
    expect(ctx.oscillators[1]!.startedAt).toBeCloseTo(t0 + 3);
    expect(ctx.oscillators[1]!.frequency.valueAt(t0 + 3)).toBe(720);
  });

  it('publishes the note the audio clock has reached, minus output latency', () => {
    const { clock, player } = setup({ outputLatency: 0.2 });
    const seen: Array<number | null> = [];
    player.subscribe(() => seen.push(player.getSnapshot().noteIndex));
    player.play(perf);
    expect(player.getSnapshot().noteIndex).toBeNull();
    clock.advance(START_DELAY * 1000 + 100); // audio at note 0 but not yet heard
    expect(player.getSnapshot().noteIndex).toBeNull();
    clock.advance(200);
    expect(player.getSnapshot().noteIndex).toBe(0);
    clock.advance(1000);
    expect(player.getSnapshot().noteIndex).toBe(1);
    clock.advance(1000); // in the rest
    expect(player.getSnapshot().noteIndex).toBeNull();
    clock.advance(1000);
    expect(player.getSnapshot().noteIndex).toBe(2);
    clock.advance(1500);
    expect(player.getSnapshot().state).toBe('stopped');
    expect(seen).toEqual([null, 0, 1, null, 2, null]);
  });

  it('counts in one bar of clicks before the tune', () => {
    const { clock, ctx, player } = setup();
    player.play(perf, { countIn: { clicks: [0, 1], durationSeconds: 2 } });
    const t0 = 10 + START_DELAY;
    expect(player.getSnapshot().countingIn).toBe(true);
    // Two clicks (first accented), then the chanter two seconds later.
    const clicks = ctx.oscillators.filter((o) => o.wave === null);
    expect(clicks.map((c) => c.startedAt)).toEqual([t0, t0 + 1]);
    expect(clicks[0]!.frequency.valueAt(t0)).toBeGreaterThan(clicks[1]!.frequency.valueAt(t0 + 1)!);
    clock.advance(2000);
    const chanter = ctx.oscillators.find((o) => o.wave !== null);
    expect(chanter!.startedAt).toBeCloseTo(t0 + 2);
    clock.advance(200);
    expect(player.getSnapshot()).toMatchObject({ countingIn: false, noteIndex: 0 });
  });

  it('pauses where it is and resumes from there', () => {
    const { clock, ctx, player } = setup();
    player.play(perf);
    clock.advance(1600);
    player.pause();
    const snap = player.getSnapshot();
    expect(snap.state).toBe('paused');
    expect(snap.noteIndex).toBe(1);
    expect(snap.position).toBeCloseTo(1.5, 1);
    expect(ctx.oscillators[0]!.stoppedAt).toBeLessThan(11.7);
    player.play(perf, { from: snap.position });
    const resumed = ctx.oscillators.at(-1)!;
    expect(resumed.frequency.valueAt(resumed.startedAt!)).toBe(640);
    clock.advance(START_DELAY * 1000 + 10);
    expect(player.getSnapshot().noteIndex).toBe(1);
  });

  it('loops seamlessly: the next round follows without a gap', () => {
    const { clock, ctx, player } = setup();
    const part: Performance = {
      bpm: 60,
      durationSeconds: 2,
      events: [ev('LA', 0, 1, 0), ev('B', 1, 1, 1)],
    };
    player.play(part, { loop: true });
    clock.advance(4500);
    expect(ctx.oscillators).toHaveLength(1);
    const f = ctx.oscillators[0]!.frequency;
    const t0 = 10 + START_DELAY;
    expect(f.valueAt(t0 + 2.5)).toBe(480);
    expect(f.valueAt(t0 + 3.5)).toBe(540);
    expect(player.getSnapshot().state).toBe('playing');
    expect(player.getSnapshot().noteIndex).toBe(0);
    player.stop();
    expect(player.getSnapshot().state).toBe('stopped');
    expect(clock.pending).toBe(0);
  });

  it('starts, adjusts and stops the drones with the tune', () => {
    const drones = { start: vi.fn(), stop: vi.fn(), setVolume: vi.fn() };
    const createDrones = vi.fn<CreateDrones>(() => drones);
    const clock = fakeClock(0);
    const ctx = fakeAudioContext();
    Object.defineProperty(ctx, 'currentTime', { get: () => clock.now() / 1000 });
    const player = createTunePlayer({ getContext: () => ctx, timers: clock, createDrones });
    player.play(perf, { drones: 0.3 });
    expect(createDrones).toHaveBeenCalledWith(ctx, ctx.destination, { lowA: 480, volume: 0.3 });
    expect(drones.start).toHaveBeenCalledWith(START_DELAY);
    player.setDroneVolume(0.5);
    expect(drones.setVolume).toHaveBeenCalledWith(0.5);
    player.stop();
    expect(drones.stop).toHaveBeenCalled();
  });

  it("sounds the piper's own chanter when given its frequencies", () => {
    const { ctx, player } = setup();
    const own = { LG: 430, LA: 484, B: 545, C: 605, D: 646, E: 727, F: 808, HG: 848, HA: 968 };
    player.play(perf, { frequencies: own });
    expect(ctx.oscillators[0]!.frequency.valueAt(10 + START_DELAY)).toBe(484);
  });

  it('dispose silences everything and stops the timer', () => {
    const { clock, ctx, player } = setup();
    player.play(perf);
    player.dispose();
    expect(clock.pending).toBe(0);
    expect(ctx.oscillators[0]!.stoppedAt).not.toBeNull();
  });
});
