import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_CHANTERS,
  DEFAULT_DETECTION_SETTINGS,
  GAIN_MAX,
  GAIN_MIN,
  KEYBOARD_CHANTER,
  STANDARD_CHANTER,
  centsBetween,
  chanterProblem,
  clampGain,
  classify,
  customChanter,
  shiftCents,
} from './chanter.ts';
import { pitches } from './notes.ts';

describe('chanters (spec §3 Chanter)', () => {
  it('R-3.NOTES-02 the standard chanter has the standard frequencies', () => {
    expect(STANDARD_CHANTER.frequencies).toEqual([426, 480, 540, 600, 640, 720, 800, 840, 960]);
  });

  it('R-3.CHANTER-01 R-3.CHANTER-02 a chanter has a name and 9 frequencies', () => {
    for (const chanter of BUILT_IN_CHANTERS) {
      expect(chanter.name).toMatch(/\S/);
      expect(chanter.frequencies).toHaveLength(9);
    }
  });

  it('R-3.CHANTER-03 R-3.CHANTER-04 Standard and Keyboard are built in with fixed ids', () => {
    expect(BUILT_IN_CHANTERS.map((c) => [c.name, c.id])).toEqual([
      ['Standard', 'standard'],
      ['Keyboard', 'keyboard'],
    ]);
    expect(KEYBOARD_CHANTER.frequencies).toEqual(STANDARD_CHANTER.frequencies);
  });

  it('R-3.CHANTER-05 a custom chanter keeps its own id and a copy of its frequencies', () => {
    const fs = [470, 530, 590, 630, 705, 785, 825, 940].concat([418]).sort((a, b) => a - b);
    const c = customChanter('My Naill', 'c-123', fs);
    expect(c).toEqual({ id: 'c-123', name: 'My Naill', frequencies: fs });
    expect(c.frequencies).not.toBe(fs);
  });

  it('rejects unusable frequencies with a readable reason', () => {
    expect(chanterProblem([1, 2, 3])).toMatch(/needs 9 frequencies/);
    expect(chanterProblem([426, 480, 540, 600, 640, 720, 800, 790, 960])).toMatch(
      /High G .* must be higher than F/,
    );
    expect(chanterProblem([426, 480, 540, 600, 640, 720, 800, 840, Number.NaN])).toMatch(
      /High A has no usable frequency/,
    );
    expect(() => customChanter('x', 'y', [1])).toThrow(/needs 9/);
  });
});

describe('cents', () => {
  it('an octave is 1200 cents and shifting inverts measuring', () => {
    expect(centsBetween(960, 480)).toBeCloseTo(1200, 9);
    expect(centsBetween(480, 960)).toBeCloseTo(-1200, 9);
    expect(centsBetween(shiftCents(480, 17), 480)).toBeCloseTo(17, 9);
  });

  it('F to High G on the standard chanter is about 85 cents', () => {
    expect(centsBetween(840, 800)).toBeCloseTo(84.5, 1);
  });
});

describe('classify (R-1.USERS-01: following notes by pitch)', () => {
  it('puts each standard note and small detunings on that note', () => {
    STANDARD_CHANTER.frequencies.forEach((f, i) => {
      for (const c of [-40, -20, 0, 20, 40]) {
        const r = classify(shiftCents(f, c), STANDARD_CHANTER);
        expect(r?.pitch).toBe(pitches[i]);
        expect(r?.cents).toBeCloseTo(c, 6);
        expect(r?.target).toBe(f);
      }
    });
  });

  it('splits F and High G at their geometric midpoint', () => {
    const mid = Math.sqrt(800 * 840);
    expect(classify(mid * 0.9999, STANDARD_CHANTER)?.pitch).toBe('F');
    expect(classify(mid * 1.0001, STANDARD_CHANTER)?.pitch).toBe('HG');
    // 820 Hz, the arithmetic midpoint, is already nearer High G in cents.
    expect(classify(819.5, STANDARD_CHANTER)?.pitch).toBe('F');
    expect(classify(820, STANDARD_CHANTER)?.pitch).toBe('HG');
  });

  it('rejects frequencies beyond the outer notes and silence', () => {
    expect(classify(380, STANDARD_CHANTER)).toBeNull();
    expect(classify(1100, STANDARD_CHANTER)).toBeNull();
    expect(classify(0, STANDARD_CHANTER)).toBeNull();
    expect(classify(Number.NaN, STANDARD_CHANTER)).toBeNull();
  });

  it('R-3.DETECT-01 toleranceAdjustment narrows windows into dead bands or widens the ends', () => {
    const mid = Math.sqrt(800 * 840);
    expect(classify(mid * 1.001, STANDARD_CHANTER, -10)).toBeNull();
    expect(classify(shiftCents(840, 20), STANDARD_CHANTER, -10)?.pitch).toBe('HG');
    expect(classify(shiftCents(960, 130), STANDARD_CHANTER)).toBeNull();
    expect(classify(shiftCents(960, 130), STANDARD_CHANTER, 30)?.pitch).toBe('HA');
  });

  it('follows a custom chanter', () => {
    const sharp = customChanter(
      'Sharp',
      'c1',
      STANDARD_CHANTER.frequencies.map((f) => shiftCents(f, 60)),
    );
    expect(classify(shiftCents(480, 60), sharp)?.pitch).toBe('LA');
    expect(classify(shiftCents(480, 60), sharp)?.cents).toBeCloseTo(0, 6);
  });
});

describe('detection settings and gain', () => {
  it('R-3.DETECT-01 has the spec defaults', () => {
    expect(DEFAULT_DETECTION_SETTINGS).toEqual({
      requiredConsecutiveMatches: 1,
      clarityThreshold: 0.2,
      toleranceAdjustment: 0,
      maxHistory: 5,
      gain: 3,
    });
  });

  it('R-5.INPUTS-10 R-5.INPUTS-12 clamps gain between 0.5 and the maximum', () => {
    expect(GAIN_MIN).toBe(0.5);
    expect(clampGain(0)).toBe(0.5);
    expect(clampGain(-3)).toBe(0.5);
    expect(clampGain(1000)).toBe(GAIN_MAX);
    expect(clampGain(Number.NaN)).toBe(3);
  });

  it('R-5.INPUTS-11 R-9.CONST-28 moves gain in steps of 0.1', () => {
    expect(clampGain(0.1 + 0.2 + 2)).toBe(2.3);
    expect(clampGain(3.04)).toBe(3);
    expect(clampGain(3.06)).toBe(3.1);
  });
});
