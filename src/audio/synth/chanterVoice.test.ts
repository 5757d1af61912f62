import { describe, expect, it } from 'vitest';
import {
  ATTACK,
  RELEASE,
  chanterPartialLevel,
  chanterWaveCoefficients,
  createChanterVoice,
  playChanterNote,
} from './chanterVoice.ts';
import { fakeAudioContext } from '../testing/fakeAudioContext.ts';

describe('chanterVoice', () => {
  it('has a reedy spectrum: every harmonic present, 2nd stronger than the fundamental', () => {
    const levels = Array.from({ length: 12 }, (_, i) => chanterPartialLevel(i + 1));
    expect(levels.every((l) => l > 0.2)).toBe(true);
    expect(levels[1]!).toBeGreaterThan(levels[0]!);
    // Still strong around the 6th harmonic (the reed's buzz), falling off high up.
    expect(levels[5]!).toBeGreaterThan(levels[3]! * 0.9);
    expect(chanterPartialLevel(28)).toBeLessThan(levels[5]!);
    const { real, imag } = chanterWaveCoefficients(8);
    expect(real[0]).toBe(0);
    expect(Math.hypot(real[2]!, imag[2]!)).toBeCloseTo(chanterPartialLevel(2), 5);
  });

  it('plays one oscillator through a gain into the destination, with a short attack', () => {
    const ctx = fakeAudioContext(1);
    const voice = createChanterVoice(ctx, ctx.destination, { gain: 0.4 });
    voice.setPitch(480, 2);
    voice.start(2);
    const [osc] = ctx.oscillators;
    const [amp] = ctx.gains;
    expect(osc!.wave).toBe(ctx.waves[0]);
    expect(osc!.connected).toEqual([amp]);
    expect(amp!.connected).toEqual([ctx.destination]);
    expect(osc!.startedAt).toBe(2);
    expect(osc!.frequency.valueAt(2)).toBe(480);
    expect(amp!.gain.valueAt(2)).toBe(0);
    expect(amp!.gain.events).toContainEqual(['ramp', 0.4, 2 + ATTACK]);
  });

  it('changes pitch without stopping: grace notes are pitch steps on the same oscillator', () => {
    const ctx = fakeAudioContext();
    const voice = createChanterVoice(ctx, ctx.destination);
    voice.setPitch(480, 0);
    voice.start(0);
    voice.setPitch(840, 0.5); // High G grace
    voice.setPitch(640, 0.53); // D
    expect(ctx.oscillators).toHaveLength(1);
    const f = ctx.oscillators[0]!.frequency;
    expect(f.valueAt(0.4)).toBe(480);
    expect(f.valueAt(0.51)).toBe(840);
    expect(f.valueAt(0.6)).toBe(640);
    // The level never drops between notes.
    expect(ctx.gains[0]!.gain.events.filter(([k]) => k === 'ramp')).toHaveLength(1);
  });

  it('stops with a release and frees its nodes when the oscillator ends', () => {
    const ctx = fakeAudioContext();
    const voice = createChanterVoice(ctx, ctx.destination, { gain: 0.3 });
    voice.setPitch(600, 0);
    voice.start(0);
    voice.stop(2);
    const osc = ctx.oscillators[0]!;
    expect(osc.stoppedAt).toBeCloseTo(2 + RELEASE);
    expect(ctx.gains[0]!.gain.events.slice(-3)).toEqual([
      ['cancel', 0, 2],
      ['set', 0.3, 2],
      ['ramp', 0, 2 + RELEASE],
    ]);
    osc.end();
    expect(osc.disconnected).toBe(true);
    expect(ctx.gains[0]!.disconnected).toBe(true);
  });

  it('shares one PeriodicWave per context', () => {
    const ctx = fakeAudioContext();
    createChanterVoice(ctx, ctx.destination);
    createChanterVoice(ctx, ctx.destination);
    expect(ctx.waves).toHaveLength(1);
  });

  it('frees a voice stopped before it started', () => {
    const ctx = fakeAudioContext();
    const voice = createChanterVoice(ctx, ctx.destination);
    voice.stop(0);
    expect(ctx.oscillators[0]!.disconnected).toBe(true);
    expect(ctx.oscillators[0]!.startedAt).toBeNull();
  });

  it('rejects a non-positive pitch', () => {
    const ctx = fakeAudioContext();
    const voice = createChanterVoice(ctx, ctx.destination);
    expect(() => voice.setPitch(0, 0)).toThrow(RangeError);
    expect(() => voice.setPitch(Number.NaN, 0)).toThrow(RangeError);
  });

  it('playChanterNote plays a timed note whose release ends at the note end', () => {
    const ctx = fakeAudioContext();
    playChanterNote(ctx, ctx.destination, 720, 1, 0.5, 0.2);
    const osc = ctx.oscillators[0]!;
    expect(osc.startedAt).toBe(1);
    expect(osc.frequency.valueAt(1)).toBe(720);
    expect(osc.stoppedAt).toBeCloseTo(1.5);
  });

  it('playChanterNote with null duration sounds until stopped', () => {
    const ctx = fakeAudioContext(3);
    const note = playChanterNote(ctx, ctx.destination, 960, 3, null, 0.2);
    expect(ctx.oscillators[0]!.stoppedAt).toBeNull();
    ctx.currentTime = 4;
    note.stop();
    expect(ctx.oscillators[0]!.stoppedAt).toBeCloseTo(4 + RELEASE);
  });
});
