import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER, centsBetween, classify, shiftCents } from '../../music/chanter.ts';
import { pitches } from '../../music/notes.ts';
import { PitchDetector, SILENT } from './pitchDetector.ts';
import { REEDY, harmonicTone, whiteNoise } from './testSignals.ts';

/** Worst-case error per sample rate: a lag step is 2.2× coarser at 22.05 kHz than at 48 kHz. */
const RATES: [number, number][] = [
  [48000, 0.5],
  [44100, 0.5],
  [22050, 1],
];

describe('PitchDetector (R-1.USERS-01 following a chanter by pitch)', () => {
  it.each(RATES)('finds every chanter note ± cents at %i Hz within %f cent', (rate, limit) => {
    const detector = new PitchDetector({ sampleRate: rate });
    STANDARD_CHANTER.frequencies.forEach((f, i) => {
      for (const cents of [-35, -20, -5, 0, 12, 35]) {
        const hz = shiftCents(f, cents);
        for (const spectrum of [[1], REEDY]) {
          const estimate = detector.estimate(harmonicTone(hz, rate, 512, spectrum, cents));
          expect(Math.abs(centsBetween(estimate.hz, hz))).toBeLessThan(limit);
          expect(estimate.clarity).toBeGreaterThan(0.95);
          expect(classify(estimate.hz, STANDARD_CHANTER)?.pitch).toBe(pitches[i]);
        }
      }
    });
  });

  it('analyses at most 512 samples and ignores older ones', () => {
    const detector = new PitchDetector({ sampleRate: 48000 });
    expect(detector.windowSize).toBeLessThanOrEqual(512);
    const older = harmonicTone(426, 48000, 1000, REEDY);
    const newer = harmonicTone(960, 48000, 512, REEDY);
    const both = new Float32Array(1512);
    both.set(older);
    both.set(newer, 1000);
    expect(detector.estimate(both).hz).toBeCloseTo(960, 0);
  });

  describe('octave traps', () => {
    const detector = new PitchDetector({ sampleRate: 48000 });
    const cases: [string, number, number[]][] = [
      ['a 2nd harmonic twice as strong as the fundamental', 480, [0.5, 1, 0.4, 0.3]],
      ['a missing fundamental', 540, [0, 1, 0.6, 0.4]],
      ['a weak fundamental on Low G (its octave, 852 Hz, is searched)', 426, [0.3, 1, 0.3, 0.8]],
      ['High A (its sub-octave, Low A, is searched)', 960, REEDY as number[]],
      ['F with strong even harmonics', 800, [1, 1, 0.2, 0.9]],
    ];
    it.each(cases)('reports the fundamental with %s', (_name, hz, spectrum) => {
      for (let phase = 0; phase < 3; phase++) {
        const estimate = detector.estimate(harmonicTone(hz, 48000, 512, spectrum, phase));
        expect(Math.abs(centsBetween(estimate.hz, hz))).toBeLessThan(2);
      }
    });
  });

  it('tells F from High G (85 cents apart) when each is 30 cents towards the other', () => {
    const detector = new PitchDetector({ sampleRate: 44100 });
    const f = detector.estimate(harmonicTone(shiftCents(800, 30), 44100, 512, REEDY));
    const g = detector.estimate(harmonicTone(shiftCents(840, -30), 44100, 512, REEDY));
    expect(classify(f.hz, STANDARD_CHANTER)?.pitch).toBe('F');
    expect(classify(g.hz, STANDARD_CHANTER)?.pitch).toBe('HG');
  });

  it('reports silence for silence, and low clarity for noise', () => {
    const detector = new PitchDetector({ sampleRate: 48000 });
    expect(detector.estimate(new Float32Array(512))).toEqual(SILENT);
    expect(detector.estimate(new Float32Array(100))).toEqual(SILENT);
    for (let seed = 1; seed <= 5; seed++) {
      expect(detector.estimate(whiteNoise(512, 0.1, seed)).clarity).toBeLessThan(0.5);
    }
  });

  it('R-3.DETECT-01 gain lifts a quiet chanter over the silence gate', () => {
    const detector = new PitchDetector({ sampleRate: 48000 });
    const quiet = harmonicTone(600, 48000, 512, REEDY).map((v) => v * 0.004);
    expect(detector.estimate(quiet, 1)).toEqual(SILENT);
    expect(detector.estimate(quiet, 3).hz).toBeCloseTo(600, 0);
  });

  it('refuses a window too short for the lowest note', () => {
    expect(() => new PitchDetector({ sampleRate: 96000, windowSize: 256 })).toThrow(/too short/);
  });
});
