import { describe, expect, it, vi } from 'vitest';
import {
  ACCENT_FREQUENCY,
  clickLevels,
  SUB_DURATION,
  onSampleGrid,
  clampBpm,
  createMetronomeEngine,
  type AudioBufferLike,
  type FetchLike,
  type MetronomeContextLike,
  type MetronomeOptions,
} from './metronomeEngine.ts';
import { fakeParam } from './testing/fakeAudioContext.ts';
import { fakeClock } from './testing/fakeClock.ts';
import type { NodeLike } from './webAudio.ts';

function fakeNode() {
  const connected: NodeLike[] = [];
  return {
    connected,
    connect: (d: NodeLike) => connected.push(d),
    disconnect: vi.fn(() => {
      connected.length = 0;
    }),
  };
}

function source() {
  const node = {
    ...fakeNode(),
    onended: null as ((this: never, ev: Event) => unknown) | null,
    start: vi.fn(),
    stop: vi.fn(),
    end() {
      node.onended?.call(undefined as never, new Event('ended'));
    },
  };
  return node;
}

/** A fake audio context whose clock is the fake timer clock, in seconds. */
function fakeAudio() {
  const clock = fakeClock(0);
  const oscillators: Array<
    ReturnType<typeof source> & { type: OscillatorType; frequency: ReturnType<typeof fakeParam> }
  > = [];
  const gains: Array<ReturnType<typeof fakeNode> & { gain: ReturnType<typeof fakeParam> }> = [];
  const buffers: Array<ReturnType<typeof source> & { buffer: AudioBufferLike | null }> = [];
  const decoded: ArrayBuffer[] = [];
  const ctx = {
    get currentTime() {
      return clock.now() / 1000;
    },
    state: 'suspended',
    outputLatency: 0,
    destination: fakeNode(),
    createOscillator() {
      const o = {
        ...source(),
        type: 'square' as OscillatorType,
        frequency: fakeParam(),
        setPeriodicWave: vi.fn(),
      };
      // `end` must call the copy's onended, not the original's.
      o.end = () => o.onended?.call(undefined as never, new Event('ended'));
      oscillators.push(o);
      return o;
    },
    createGain() {
      const g = { ...fakeNode(), gain: fakeParam() };
      gains.push(g);
      return g;
    },
    createBufferSource() {
      const b = { ...source(), buffer: null as AudioBufferLike | null };
      b.end = () => b.onended?.call(undefined as never, new Event('ended'));
      buffers.push(b);
      return b;
    },
    decodeAudioData: vi.fn(async (data: ArrayBuffer) => {
      decoded.push(data);
      return { duration: 0.3, from: data } as AudioBufferLike;
    }),
    resume: vi.fn(async () => {
      ctx.state = 'running';
    }),
  } satisfies MetronomeContextLike;
  const fetch = vi.fn<FetchLike>(async () => ({
    ok: true,
    status: 200,
    arrayBuffer: async () => new ArrayBuffer(8),
  }));
  return { clock, ctx, oscillators, gains, buffers, decoded, fetch };
}

function setup(options: Partial<MetronomeOptions> = {}) {
  const audio = fakeAudio();
  const engine = createMetronomeEngine({
    getContext: () => audio.ctx,
    fetch: audio.fetch,
    timers: audio.clock,
    ...options,
  });
  return { ...audio, engine };
}

/** Beat times to a nanosecond: 0.05 + 1.5 is not exactly 1.55 in floating point. */
function expectTimes(actual: number[], expected: number[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((t, i) => expect(t).toBeCloseTo(expected[i]!, 9));
}

/** Lets promise callbacks (fetch, decode) run. */
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('metronome engine', () => {
  it('R-9.CONST-06 R-9.CONST-07 starts stopped at 100 BPM, Pendulum, Beep, haptics off', () => {
    const { engine } = setup();
    expect(engine.getSnapshot()).toMatchObject({
      running: false,
      bpm: 100,
      view: 'Pendulum',
      sound: 'Beep',
      haptics: false,
      beat: 0,
    });
  });

  it('R-5.INPUTS-08 R-9.CONST-05 clamps the BPM to 60–240', () => {
    expect(clampBpm(59)).toBe(60);
    expect(clampBpm(241)).toBe(240);
    expect(clampBpm(119.6)).toBe(120);
    expect(clampBpm(Number.NaN)).toBe(100);
    const { engine } = setup();
    engine.setBpm(500);
    expect(engine.getSnapshot().bpm).toBe(240);
    engine.setBpm(10);
    expect(engine.getSnapshot().bpm).toBe(60);
  });

  it('R-4.METRO-02 R-9.CONST-11 Beep: an 880 Hz sine of 50 ms on every beat (the first of a bar an octave up, issue 22.2), 0.5 s apart at 120 BPM', () => {
    const { engine, clock, ctx, oscillators } = setup({ bpm: 120 });
    engine.start();
    expect(ctx.resume).toHaveBeenCalled();
    clock.advance(2_000);
    const starts = oscillators.map((o) => o.start.mock.calls[0]![0] as number);
    // The first beat is 50 ms after Start, then one every 0.5 s.
    expectTimes(starts, [0.05, 0.55, 1.05, 1.55, 2.05]);
    // 4/4 by default: beats 1 and 5 begin a bar.
    expect(oscillators.map((o) => o.frequency.events[0]![1])).toEqual([1760, 880, 880, 880, 1760]);
    for (const o of oscillators) {
      expect(o.type).toBe('sine');
      const at = o.start.mock.calls[0]![0] as number;
      expect(o.stop.mock.calls[0]![0]).toBeCloseTo(at + 0.05, 9);
    }
  });

  it('publishes a beat only when the audio clock reaches it (the view follows the audio)', () => {
    const { engine, clock } = setup({ bpm: 120 });
    const listener = vi.fn();
    engine.subscribe(listener);
    engine.start();
    clock.advance(25); // the first beat (at 0.05 s) is scheduled but not yet heard
    expect(engine.getSnapshot().beat).toBe(0);
    clock.advance(50);
    expect(engine.getSnapshot()).toMatchObject({ beat: 1, beatSeconds: 0.5, running: true });
    clock.advance(1_000);
    expect(engine.getSnapshot().beat).toBe(3);
    expect(listener).toHaveBeenCalled();
  });

  it('waits for the output latency too: the view moves when the beat leaves the speaker', () => {
    const { engine, clock, ctx } = setup({ bpm: 120 });
    ctx.outputLatency = 0.04;
    engine.start();
    clock.advance(75); // the beat at 0.05 s is rendered but reaches the speaker at 0.09 s
    expect(engine.getSnapshot().beat).toBe(0);
    clock.advance(25);
    expect(engine.getSnapshot().beat).toBe(1);
  });

  it('a tempo change while running applies from the next beat', () => {
    const { engine, clock, oscillators } = setup({ bpm: 60 });
    engine.start();
    clock.advance(1_000); // beats at 0.05 and 1.05 are queued
    engine.setBpm(120);
    clock.advance(1_000);
    const starts = oscillators.map((o) => o.start.mock.calls[0]![0] as number);
    expectTimes(starts, [0.05, 1.05, 1.55, 2.05]);
  });

  it('R-4.METRO-03 Stop halts the beats, silences queued ones and leaves no timer', () => {
    const { engine, clock, oscillators } = setup();
    engine.start();
    clock.advance(1_000);
    engine.stop();
    expect(engine.getSnapshot().running).toBe(false);
    expect(clock.pending).toBe(0);
    const queued = oscillators.at(-1)!;
    expect(queued.stop).toHaveBeenCalledTimes(2); // its scheduled stop, then stop now
    expect(queued.disconnect).toHaveBeenCalled();
    const count = oscillators.length;
    clock.advance(3_000);
    expect(oscillators).toHaveLength(count);
  });

  it('R-7.ASSETS-01 R-7.ASSETS-02 Snare Drum fetches /sounds/snare_drum.wav once, decodes it and plays it on each beat', async () => {
    const { engine, clock, fetch, ctx, buffers, oscillators } = setup({
      sound: 'Snare Drum',
      bpm: 120,
    });
    engine.start();
    expect(engine.getSnapshot()).toMatchObject({ running: true, loading: true });
    await flush();
    expect(fetch).toHaveBeenCalledWith('/sounds/snare_drum.wav');
    expect(ctx.decodeAudioData).toHaveBeenCalledTimes(1);
    expect(engine.getSnapshot().loading).toBe(false);
    clock.advance(1_000);
    expect(buffers.length).toBeGreaterThanOrEqual(2);
    expect(buffers[0]!.buffer).toMatchObject({ duration: 0.3 });
    expect(oscillators).toHaveLength(0);
    engine.stop();
    engine.start();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1); // decoded once, reused
  });

  it('Bass Drum uses /sounds/bass_drum.wav; None plays nothing but still counts beats', async () => {
    const bass = setup({ sound: 'Bass Drum' });
    bass.engine.start();
    await flush();
    expect(bass.fetch).toHaveBeenCalledWith('/sounds/bass_drum.wav');

    const none = setup({ sound: 'None', bpm: 120 });
    none.engine.start();
    none.clock.advance(1_000);
    expect(none.oscillators).toHaveLength(0);
    expect(none.buffers).toHaveLength(0);
    expect(none.engine.getSnapshot().beat).toBe(2);
  });

  it('a failed sample load stops with a message and is retried on the next start', async () => {
    const { engine, fetch } = setup({ sound: 'Snare Drum' });
    fetch.mockResolvedValueOnce({
      ok: false,
      status: 404,
      arrayBuffer: async () => new ArrayBuffer(0),
    });
    engine.start();
    await flush();
    expect(engine.getSnapshot()).toMatchObject({
      running: false,
      error: 'Could not load the snare drum sound.',
    });
    engine.start();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(engine.getSnapshot()).toMatchObject({ running: true, error: null });
  });

  it('a Stop during the sample load means it never starts', async () => {
    const { engine, clock, buffers } = setup({ sound: 'Snare Drum' });
    engine.start();
    engine.stop();
    await flush();
    clock.advance(2_000);
    expect(buffers).toHaveLength(0);
    expect(clock.pending).toBe(0);
  });

  it('R-4.METRO-04 changing view, sound or haptics stops it; the same value does not', () => {
    const { engine } = setup();
    for (const change of [
      () => engine.setView('Circle'),
      () => engine.setSound('Bass Drum'),
      () => engine.setHaptics(true),
    ]) {
      engine.start();
      expect(engine.getSnapshot().running).toBe(true);
      change();
      expect(engine.getSnapshot().running).toBe(false);
    }
    expect(engine.getSnapshot()).toMatchObject({
      view: 'Circle',
      sound: 'Bass Drum',
      haptics: true,
    });
    engine.setSound('None');
    engine.start();
    engine.setView('Circle');
    engine.setHaptics(true);
    expect(engine.getSnapshot().running).toBe(true);
  });

  it('haptics vibrate 50 ms on each beat heard, and are off by default', () => {
    const vibrate = vi.fn(() => true);
    const off = setup({ vibrate, bpm: 120 });
    off.engine.start();
    off.clock.advance(1_000);
    expect(vibrate).not.toHaveBeenCalled();

    const on = setup({ vibrate, bpm: 120, haptics: true });
    on.engine.start();
    on.clock.advance(1_000);
    expect(vibrate).toHaveBeenCalledTimes(2);
    expect(vibrate).toHaveBeenCalledWith(50);
    // With vibrate there is no substitute tone: only the beeps sound.
    expect(on.oscillators.some((o) => o.frequency.events[0]![1] === 80)).toBe(false);
  });

  it('without vibrate (iOS) haptics are an 80 Hz tone of 30 ms at each beat', () => {
    const { engine, clock, oscillators } = setup({ haptics: true, sound: 'None', bpm: 120 });
    engine.start();
    clock.advance(600);
    expect(oscillators).toHaveLength(2);
    for (const o of oscillators) {
      expect(o.frequency.events[0]![1]).toBe(80);
      const at = o.start.mock.calls[0]![0] as number;
      expect(o.stop.mock.calls[0]![0]).toBeCloseTo(at + 0.03, 9);
    }
  });

  it('a voice disconnects when it ends; dispose stops, disconnects and leaves no timer', () => {
    const { engine, clock, oscillators, gains } = setup();
    engine.start();
    clock.advance(100);
    const first = oscillators[0]!;
    first.end();
    expect(first.disconnect).toHaveBeenCalled();
    const output = gains[0]!;
    expect(output.connected).toHaveLength(1); // the master gain feeds the destination
    engine.dispose();
    expect(output.disconnect).toHaveBeenCalled();
    expect(clock.pending).toBe(0);
    expect(engine.getSnapshot().running).toBe(false);
  });
});

describe('issue 22.2: metronome bars', () => {
  /** The start times, frequencies and peak levels of every Beep the engine scheduled. */
  function beeps(a: ReturnType<typeof setup>) {
    return a.oscillators.map((o, i) => ({
      at: o.start.mock.calls[0]![0] as number,
      hz: o.frequency.events[0]![1],
      // Each voice's gain comes right after its oscillator; gains[0] is the output gain.
      level: a.gains[i + 1]!.gain.events.find((e) => e[0] === 'ramp')![1],
      length: (o.stop.mock.calls[0]![0] as number) - (o.start.mock.calls[0]![0] as number),
    }));
  }

  it('issue 22.2: accents the first beat of each bar, louder and an octave higher', () => {
    const a = setup({ bpm: 120, timeSignature: '3/4' });
    a.engine.start();
    a.clock.advance(3_000);
    const heard = beeps(a);
    expect(heard.map((b) => b.hz)).toEqual([1760, 880, 880, 1760, 880, 880, 1760]);
    expect(heard.map((b) => b.level)).toEqual([1, 0.7, 0.7, 1, 0.7, 0.7, 1]);
    expect(ACCENT_FREQUENCY).toBe(1760);
    expect(clickLevels.accent).toBeGreaterThan(clickLevels.beat);
    // The ordinary beat keeps its loudness of before: output gain × beat level ≈ 0.6.
    expect(a.gains[0]!.gain.events[0]![1] * clickLevels.beat).toBeCloseTo(0.6, 1);
  });

  it('issue 22.2: 2/4 and 4/4 accent every second and fourth beat', () => {
    for (const [timeSignature, every] of [
      ['2/4', 2],
      ['4/4', 4],
    ] as const) {
      const a = setup({ bpm: 240, timeSignature });
      a.engine.start();
      a.clock.advance(2_000);
      const accents = beeps(a).flatMap((b, i) => (b.hz === 1760 ? [i] : []));
      expect(accents.length).toBeGreaterThan(1);
      expect(accents.every((i) => i % every === 0)).toBe(true);
      expect(accents).toHaveLength(Math.ceil(beeps(a).length / every));
    }
  });

  it('issue 22.2: 6/8 at 100 BPM: two dotted crotchets of 0.6 s a bar, soft quavers between', () => {
    const a = setup({ bpm: 100, timeSignature: '6/8' });
    a.engine.start();
    a.clock.advance(1_300);
    const heard = beeps(a);
    // Quavers every 0.2 s from 0.05 s; the dotted crotchets (every third) 0.6 s apart.
    expectTimes(
      heard.map((b) => b.at),
      [0.05, 0.25, 0.45, 0.65, 0.85, 1.05, 1.25],
    );
    expect(heard.map((b) => b.level)).toEqual([1, 0.3, 0.3, 0.7, 0.3, 0.3, 1]);
    expect(heard.map((b) => b.hz)).toEqual([1760, 880, 880, 880, 880, 880, 1760]);
    expect(heard[1]!.length).toBeCloseTo(SUB_DURATION, 9);
    expect(heard[3]!.length).toBeCloseTo(0.05, 9);
    expect(a.engine.getSnapshot()).toMatchObject({
      timeSignature: '6/8',
      beatsPerBar: 2,
      beatSeconds: 0.6,
    });
  });

  it('issue 22.2: 9/8 and 12/8 have 3 and 4 dotted-crotchet beats a bar', () => {
    for (const [timeSignature, beats] of [
      ['9/8', 3],
      ['12/8', 4],
    ] as const) {
      const a = setup({ bpm: 60, timeSignature });
      a.engine.start();
      a.clock.advance(beats * 1_000 + 100);
      const onBeat = beeps(a).filter((b) => b.level !== clickLevels.sub);
      // One beat a second at 60 BPM; the next bar's first beat is accented.
      expectTimes(
        onBeat.map((b) => b.at),
        Array.from({ length: beats + 1 }, (_, i) => 0.05 + i),
      );
      expect(onBeat.map((b) => b.hz)).toEqual([1760, ...Array<number>(beats - 1).fill(880), 1760]);
      expect(beeps(a).filter((b) => b.level === clickLevels.sub)).toHaveLength(2 * beats);
    }
  });

  it('issue 22.2: the snapshot follows the beats and their place in the bar, not the quavers', () => {
    const a = setup({ bpm: 100, timeSignature: '6/8' });
    const vibrate = vi.fn(() => true);
    const b = setup({ bpm: 100, timeSignature: '6/8', vibrate, haptics: true });
    a.engine.start();
    b.engine.start();
    expect(a.engine.getSnapshot()).toMatchObject({ beat: 0, beatInBar: 0 });
    a.clock.advance(75); // the first beat (0.05 s) is heard
    expect(a.engine.getSnapshot()).toMatchObject({ beat: 1, beatInBar: 1 });
    a.clock.advance(400); // quavers at 0.25 and 0.45 s: still the first beat
    expect(a.engine.getSnapshot()).toMatchObject({ beat: 1, beatInBar: 1 });
    a.clock.advance(200); // 0.65 s: the second beat
    expect(a.engine.getSnapshot()).toMatchObject({ beat: 2, beatInBar: 2 });
    a.clock.advance(600); // 1.25 s: the next bar
    expect(a.engine.getSnapshot()).toMatchObject({ beat: 3, beatInBar: 1 });
    // Haptics pulse on beats only: 1.3 s holds three beats and four quavers.
    b.clock.advance(1_300);
    expect(vibrate).toHaveBeenCalledTimes(3);
  });

  it('issue 22.2: a tempo change in compound time keeps three quavers to the beat', () => {
    const a = setup({ bpm: 100, timeSignature: '6/8' });
    a.engine.start();
    a.clock.advance(100); // the clicks at 0.05 s (and up to 0.125 s) are handed out
    a.engine.setBpm(60);
    a.clock.advance(1_200);
    const times = beeps(a).map((b) => b.at);
    // From the next click on, quavers are 1/3 s apart (60 dotted crotchets a minute).
    expectTimes(times.slice(0, 4), [0.05, 0.05 + 1 / 3, 0.05 + 2 / 3, 1.05]);
    expect(beeps(a)[3]!.level).toBe(clickLevels.beat);
  });

  it('issue 22.2: changing the time signature stops it, like the spec menus; the same does not', () => {
    const a = setup({ bpm: 120 });
    expect(a.engine.getSnapshot()).toMatchObject({ timeSignature: '4/4', beatsPerBar: 4 });
    a.engine.start();
    a.engine.setTimeSignature('4/4');
    expect(a.engine.getSnapshot().running).toBe(true);
    a.engine.setTimeSignature('9/8');
    expect(a.engine.getSnapshot()).toMatchObject({
      running: false,
      timeSignature: '9/8',
      beatsPerBar: 3,
    });
    expect(a.clock.pending).toBe(0);
  });

  it('issue 22.2: drum samples are accented by level', async () => {
    const a = setup({ sound: 'Snare Drum', bpm: 120, timeSignature: '2/4' });
    a.engine.start();
    await flush();
    a.clock.advance(1_100);
    expect(a.buffers).toHaveLength(3);
    const levels = a.gains.slice(1).map((g) => g.gain.events[0]![1]);
    expect(levels).toEqual([1, 0.7, 1]);
  });
});

describe('onSampleGrid', () => {
  it('puts a beat just under its nearest frame so the browser starts on that frame', () => {
    const rate = 48000;
    // 0.6 s * 7 in floating point is 4.199999999999999, 201599.99999999997 frames.
    const t = onSampleGrid(0.6 * 7, rate);
    expect(Math.ceil(t * rate)).toBe(201600);
    expect(Math.abs(t - 4.2)).toBeLessThan(1 / rate / 1000);
    expect(Math.ceil(onSampleGrid(1.2500000000000002, rate) * rate)).toBe(60000);
  });

  it('leaves times alone without a sample rate', () => {
    expect(onSampleGrid(0.123, undefined)).toBe(0.123);
  });
});
