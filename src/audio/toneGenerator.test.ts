import { describe, expect, it, vi } from 'vitest';
import { fakeParam } from './testing/fakeAudioContext.ts';
import { createToneGenerator, type ToneContextLike } from './toneGenerator.ts';
import type { GainLike, NodeLike, OscillatorLike } from './webAudio.ts';

function fakeNode(): NodeLike & { connected: NodeLike[]; disconnect: ReturnType<typeof vi.fn> } {
  const connected: NodeLike[] = [];
  return {
    connected,
    connect: (d) => connected.push(d),
    disconnect: vi.fn(() => {
      connected.length = 0;
    }),
  };
}

function fakeContext() {
  const oscillators: Array<ReturnType<typeof makeOsc>> = [];
  const gains: Array<
    GainLike & ReturnType<typeof fakeNode> & { gain: ReturnType<typeof fakeParam> }
  > = [];
  function makeOsc() {
    const osc = {
      ...fakeNode(),
      type: 'square' as OscillatorType,
      frequency: fakeParam(),
      onended: null as OscillatorLike['onended'],
      setPeriodicWave: vi.fn(),
      start: vi.fn(),
      stop: vi.fn(),
      /** What the browser does when the scheduled stop time passes. */
      end() {
        osc.onended?.call(undefined as never, new Event('ended'));
      },
    };
    return osc;
  }
  const ctx = {
    currentTime: 2,
    state: 'suspended',
    destination: fakeNode(),
    createOscillator: () => {
      const o = makeOsc();
      oscillators.push(o);
      return o;
    },
    createGain: () => {
      const g = { ...fakeNode(), gain: fakeParam() };
      gains.push(g);
      return g;
    },
    resume: vi.fn(async () => {
      ctx.state = 'running';
    }),
    close: vi.fn(async () => {}),
  } satisfies ToneContextLike;
  return { ctx, oscillators, gains };
}

describe('toneGenerator', () => {
  it('creates no audio context until the first play', () => {
    const createContext = vi.fn(() => fakeContext().ctx);
    const tone = createToneGenerator({ createContext });
    expect(createContext).not.toHaveBeenCalled();
    tone.play(480);
    tone.play(540);
    expect(createContext).toHaveBeenCalledTimes(1);
  });

  it('plays a 1 s sine at the frequency with gain 0.5 and resumes a suspended context', () => {
    const { ctx, oscillators, gains } = fakeContext();
    const tone = createToneGenerator({ createContext: () => ctx });
    tone.play(426, 1);

    const osc = oscillators[0]!;
    const amp = gains[0]!;
    expect(ctx.resume).toHaveBeenCalled();
    expect(osc.type).toBe('sine');
    expect(osc.frequency.events).toEqual([['set', 426, 2]]);
    expect(osc.start).toHaveBeenCalledWith(2);
    expect(osc.stop).toHaveBeenCalledWith(3); // currentTime 2 + 1 s
    // Fades in to 0.5, holds 0.5, fades to silence exactly at the stop time.
    const levels = amp.gain.events.map(([, v]) => v);
    expect(Math.max(...levels)).toBe(0.5);
    expect(amp.gain.events.at(-1)).toEqual(['ramp', 0, 3]);
    expect(osc.connected).toEqual([amp]);
    expect(amp.connected).toEqual([ctx.destination]);
    expect(tone.getSnapshot()).toBe(426);
  });

  it('reports the end of a tone and disconnects its nodes', () => {
    const { ctx, oscillators, gains } = fakeContext();
    const tone = createToneGenerator({ createContext: () => ctx });
    const listener = vi.fn();
    tone.subscribe(listener);
    tone.play(960);
    oscillators[0]!.end();
    expect(tone.getSnapshot()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(oscillators[0]!.disconnect).toHaveBeenCalled();
    expect(gains[0]!.disconnect).toHaveBeenCalled();
  });

  it('plays one tone at a time: a new note fades the old one out', () => {
    const { ctx, oscillators } = fakeContext();
    const tone = createToneGenerator({ createContext: () => ctx });
    tone.play(480);
    ctx.currentTime = 2.5;
    tone.play(600);
    expect(oscillators[0]!.stop).toHaveBeenLastCalledWith(2.51);
    expect(tone.getSnapshot()).toBe(600);
    // The old tone ending later must not clear the new one.
    oscillators[0]!.end();
    expect(tone.getSnapshot()).toBe(600);
  });

  it('dispose stops, disconnects every node and closes the context', () => {
    const { ctx, oscillators, gains } = fakeContext();
    const tone = createToneGenerator({ createContext: () => ctx });
    tone.play(640);
    tone.dispose();
    expect(oscillators[0]!.stop).toHaveBeenLastCalledWith(2.01);
    expect(oscillators[0]!.disconnect).toHaveBeenCalled();
    expect(gains[0]!.disconnect).toHaveBeenCalled();
    expect(ctx.close).toHaveBeenCalledTimes(1);
    expect(tone.getSnapshot()).toBeNull();
  });

  it('opens a fresh context after dispose (React StrictMode remounts effects)', () => {
    const createContext = vi.fn(() => fakeContext().ctx);
    const tone = createToneGenerator({ createContext });
    tone.play(720);
    tone.dispose();
    tone.play(720);
    expect(createContext).toHaveBeenCalledTimes(2);
  });

  it('rejects non-positive frequencies and durations', () => {
    const tone = createToneGenerator({ createContext: () => fakeContext().ctx });
    expect(() => tone.play(0)).toThrow(RangeError);
    expect(() => tone.play(440, -1)).toThrow(RangeError);
    expect(() => tone.play(Number.NaN)).toThrow(RangeError);
  });
});
