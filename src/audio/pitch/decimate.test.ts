import { describe, expect, it } from 'vitest';
import { decimate, decimationFactor } from './decimate.ts';
import { PitchDetector } from './pitchDetector.ts';
import { REEDY, harmonicTone, rms } from './testSignals.ts';

describe('decimate', () => {
  it('brings any rate to 48 kHz or below by an integer factor', () => {
    expect(decimationFactor(44100)).toBe(1);
    expect(decimationFactor(48000)).toBe(1);
    expect(decimationFactor(96000)).toBe(2);
    expect(decimationFactor(192000)).toBe(4);
    expect(decimationFactor(88200)).toBe(2);
  });

  it('keeps the pitch and removes what would alias', () => {
    const tone = harmonicTone(640, 192000, 8192, REEDY);
    const down = decimate(tone, 4);
    expect(down.length).toBe(2048);
    expect(new PitchDetector({ sampleRate: 48000 }).estimate(down).hz).toBeCloseTo(640, 0);
    const high = harmonicTone(40000, 192000, 8192);
    expect(rms(decimate(high, 4).subarray(100, 1900))).toBeLessThan(0.01 * rms(high));
  });
});
