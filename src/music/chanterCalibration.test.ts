import { describe, expect, it } from 'vitest';
import {
  EMPTY_CALIBRATION,
  FRAMES_PER_NOTE,
  acceptsFrame,
  addFrame,
  redoNote,
  type CalibrationState,
  calibrationProblems,
  chanterOffset,
  expectedHz,
  justCents,
  median,
  minimumNeighbourGap,
} from './chanterCalibration.ts';
import { notes } from './notes.ts';

const standard = notes.map((n) => n.frequency);
const shifted = (cents: number) => standard.map((f) => f * 2 ** (cents / 1200));

describe('median', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('expectedHz / acceptsFrame', () => {
  it('follows the chanter’s pitch once notes are measured', () => {
    expect(chanterOffset([null, null])).toBe(0);
    const sharp = [standard[0]! * 2 ** (30 / 1200), null, null, null, null, null, null, null, null];
    expect(chanterOffset(sharp)).toBeCloseTo(30, 6);
    expect(expectedHz(1, sharp)).toBeCloseTo(480 * 2 ** (30 / 1200), 6);
  });

  it('takes F on a chanter 45 cents sharp, although it is nearer the standard High G', () => {
    const measured = [...shifted(45).slice(0, 6), null, null, null];
    const sharpF = 800 * 2 ** (45 / 1200); // 821 Hz: 39 cents from 840, 45 from 800
    expect(acceptsFrame(sharpF, 6, measured)).toBe(true);
    expect(acceptsFrame(sharpF, 7, measured)).toBe(false);
  });

  it('ignores the previous note still sounding and wild readings', () => {
    const measured = [426, null, null, null, null, null, null, null, null];
    expect(acceptsFrame(426, 1, measured)).toBe(false);
    expect(acceptsFrame(481, 1, measured)).toBe(true);
    expect(acceptsFrame(962, 1, measured)).toBe(false);
  });
});

describe('calibrationProblems', () => {
  it('accepts the standard chanter and a whole chanter 30 cents flat', () => {
    expect(calibrationProblems(standard)).toEqual([]);
    expect(calibrationProblems(shifted(-30))).toEqual([]);
  });

  it('names every missing note', () => {
    const problems = calibrationProblems([426, 480, null, ...standard.slice(3)]);
    expect(problems).toEqual([
      { index: 2, kind: 'missing', message: 'B has not been played yet.' },
    ]);
  });

  it('finds an octave slip and says which way', () => {
    const measured = [...standard];
    measured[4] = 1280; // D an octave up
    const [problem] = calibrationProblems(measured);
    expect(problem).toMatchObject({ index: 4, kind: 'octave' });
    expect(problem!.message).toMatch(/^D measured 1280\.0 Hz, about an octave above/);
  });

  it('finds notes out of order', () => {
    const measured = [...standard];
    measured[3] = 535; // C below B
    const problems = calibrationProblems(measured);
    expect(problems[0]).toMatchObject({ index: 3, kind: 'order' });
    expect(problems[0]!.message).toContain('C (535.0 Hz) is not higher than B (540.0 Hz)');
  });

  it('finds a whole chanter out of the plausible range', () => {
    const problems = calibrationProblems(shifted(150));
    expect(problems).toHaveLength(9);
    expect(problems.every((p) => p.kind === 'range')).toBe(true);
    expect(problems[1]!.message).toMatch(
      /^Low A measured 523\.\d Hz, 150 cents sharp of the standard 480\.0 Hz/,
    );
  });

  it('finds one note off against the chanter’s own Low A', () => {
    const measured = shifted(20);
    measured[7] = 800 * 2 ** (40 / 1200); // High G played as a sharp F: 819 Hz
    const problems = calibrationProblems(measured);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ index: 7, kind: 'interval' });
    expect(problems[0]!.message).toMatch(/^High G is 6\d cents flat against your Low A/);
  });
});

describe('issue 22.3: neighbouring notes closer than a chanter allows', () => {
  it('derives each pair’s minimum from the standard chanter: half its gap', () => {
    // F 800 → High G 840 Hz is 84.5 cents; C 600 → D 640 is 111.7; High G → High A 231.2.
    expect(minimumNeighbourGap(6)).toBeCloseTo(42.2, 1);
    expect(minimumNeighbourGap(3)).toBeCloseTo(55.9, 1);
    expect(minimumNeighbourGap(7)).toBeCloseTo(115.6, 1);
  });

  it('flags a High G 22 cents above F that passes every other check, naming both notes and the gap', () => {
    const measured = [...standard];
    measured[6] = 800 * 2 ** (25 / 1200); // F 25 cents sharp: within INTERVAL_CENTS
    measured[7] = measured[6] * 2 ** (22 / 1200); // High G 38 cents flat of its place
    const problems = calibrationProblems(measured);
    expect(problems).toEqual([
      {
        index: 7,
        kind: 'neighbours',
        message:
          'High G is only 22 cents above F. On a chanter they are about 84 cents apart, and never closer than about 42, so one of them was misheard. Play High G again.',
      },
    ]);
  });

  it('asks for the note further from its place against Low A', () => {
    const measured = [...standard];
    measured[3] = 600 * 2 ** (45 / 1200); // C 45 sharp
    measured[4] = 640 * 2 ** (-15 / 1200); // D 15 flat: C–D only 52 cents (minimum 56)
    const [problem] = calibrationProblems(measured);
    expect(problem).toMatchObject({ index: 3, kind: 'neighbours' });
    expect(problem!.message).toMatch(/^D is only 52 cents above C\. .* Play C again\.$/);
  });

  it('accepts neighbours taped about 20 cents towards each other', () => {
    const measured = [...standard];
    measured[6] = 800 * 2 ** (20 / 1200);
    measured[7] = 840 * 2 ** (-20 / 1200); // F–High G 44.5 cents
    expect(calibrationProblems(measured)).toEqual([]);
  });
});

describe('issue 22.3: justCents, against just intonation on the piper’s Low A', () => {
  it('is null for every note until Low A is measured', () => {
    expect(justCents([426, null, null, null, null, null, null, null, null])).toEqual(
      Array(9).fill(null),
    );
  });

  it('reads the standard chanter in tune but for Low G (426 Hz, not 480·8/9 = 426.7)', () => {
    const cents = justCents(standard).map((c) => Math.round(c!));
    expect(cents).toEqual([-3, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('measures against the piper’s own Low A, not against 480 Hz', () => {
    const measured = shifted(-25);
    measured[7] = 840 * 2 ** (-40 / 1200); // High G a further 15 cents flat
    const cents = justCents(measured);
    expect(cents[1]).toBe(0);
    expect(cents[5]).toBeCloseTo(0, 6);
    expect(cents[7]).toBeCloseTo(-15, 6);
    expect(justCents([...measured.slice(0, 4), null, ...measured.slice(5)])[4]).toBeNull();
  });
});

describe('calibration steps', () => {
  const hold = (state: CalibrationState, hz: number, frames = FRAMES_PER_NOTE) => {
    let s = state;
    for (let i = 0; i < frames; i++) s = addFrame(s, hz + (i % 3) - 1);
    return s;
  };

  it('measures each note as the median of its frames, Low G to High A', () => {
    let state = EMPTY_CALIBRATION;
    const played = shifted(25);
    played.forEach((hz, i) => {
      expect(state.current).toBe(i);
      // The previous note still sounding is ignored.
      if (i > 0) state = hold(state, played[i - 1]!, 10);
      expect(state.frames).toHaveLength(0);
      state = hold(state, hz);
    });
    expect(state.current).toBeNull();
    state.measured.forEach((hz, i) => expect(hz).toBeCloseTo(played[i]!, 0));
    expect(calibrationProblems(state.measured)).toEqual([]);
  });

  it('redoes one note, then is complete again', () => {
    let state = EMPTY_CALIBRATION;
    standard.forEach((hz) => (state = hold(state, hz)));
    state = redoNote(state, 4);
    expect(state.current).toBe(4);
    expect(state.measured[4]).toBeNull();
    state = hold(state, 645);
    expect(state.current).toBeNull();
    expect(state.measured[4]).toBeCloseTo(645, 0);
  });

  it('after a redo in the middle, goes on to the next note not yet measured', () => {
    let state = EMPTY_CALIBRATION;
    standard.slice(0, 3).forEach((hz) => (state = hold(state, hz)));
    state = redoNote(state, 1);
    state = hold(state, 481);
    expect(state.current).toBe(3);
  });
});
