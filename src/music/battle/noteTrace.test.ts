import { describe, expect, it } from 'vitest';
import { customChanter, shiftCents, STANDARD_CHANTER } from '../chanter.ts';
import { traceProblem, traceSpan, TRACE_MAX_READINGS, type TraceReading } from './noteTrace.ts';

/** D on the standard chanter is 640 Hz (spec §3). */
const held = (hz = 640, clarity = 0.8): TraceReading[] => [
  { t: 0, hz, clarity },
  { t: 20, hz: hz * 1.002, clarity },
  { t: 40, hz: hz * 0.998, clarity },
];

describe('issue 17.3: the note-event trace', () => {
  it('issue 17.3: detector readings of the claimed note pass; a bare claim scores nothing', () => {
    expect(traceProblem({ pitch: 'D', trace: held() }, STANDARD_CHANTER)).toBeNull();
    expect(traceProblem({ pitch: 'D', trace: [] }, STANDARD_CHANTER)).toBe('too few readings');
    // One reading is enough for a grace note only.
    const one = [{ t: 0, hz: 640, clarity: 0.9 }];
    expect(traceProblem({ pitch: 'D', trace: one }, STANDARD_CHANTER)).toBe('too few readings');
    expect(traceProblem({ pitch: 'D', trace: one }, STANDARD_CHANTER, 1)).toBeNull();
  });

  it('issue 17.3: readings of another note, unclear or wavering readings are refused', () => {
    expect(traceProblem({ pitch: 'E', trace: held() }, STANDARD_CHANTER)).toBe(
      'not the note claimed',
    );
    // Below the detector's clarity threshold (0.2) the detector would have said silence.
    expect(traceProblem({ pitch: 'D', trace: held(640, 0.1) }, STANDARD_CHANTER)).toBe(
      'unclear reading',
    );
    expect(traceProblem({ pitch: 'D', trace: held(640, 1.5) }, STANDARD_CHANTER)).toBe(
      'unclear reading',
    );
    const glide = [
      { t: 0, hz: shiftCents(640, -30), clarity: 0.8 },
      { t: 20, hz: shiftCents(640, 30), clarity: 0.8 },
    ];
    expect(traceProblem({ pitch: 'D', trace: glide }, STANDARD_CHANTER)).toBe('wavering pitch');
  });

  it('issue 17.3: reading times start at the onset, rise by at least a detector hop and stay short', () => {
    const at = (...ts: number[]) => ts.map((t) => ({ t, hz: 640, clarity: 0.8 }));
    expect(traceProblem({ pitch: 'D', trace: at(5, 25) }, STANDARD_CHANTER)).toBe(
      'bad reading times',
    );
    expect(traceProblem({ pitch: 'D', trace: at(0, 1) }, STANDARD_CHANTER)).toBe(
      'bad reading times',
    );
    expect(traceProblem({ pitch: 'D', trace: at(0, 20, 10) }, STANDARD_CHANTER)).toBe(
      'bad reading times',
    );
    expect(traceProblem({ pitch: 'D', trace: at(0, 300) }, STANDARD_CHANTER)).toBe(
      'bad reading times',
    );
    expect(traceProblem({ pitch: 'D', trace: at(0, Number.NaN) }, STANDARD_CHANTER)).toBe(
      'bad reading times',
    );
    const many = Array.from({ length: TRACE_MAX_READINGS + 1 }, (_, i) => i * 20);
    expect(traceProblem({ pitch: 'D', trace: at(...many) }, STANDARD_CHANTER)).toBe(
      'too many readings',
    );
    expect(traceSpan({ pitch: 'D', trace: at(0, 20, 41) })).toBe(41);
  });

  it('issue 17.3: readings are judged on the player’s own chanter', () => {
    // A chanter a semitone sharp: its D is 678 Hz, which the standard chanter calls E-ish.
    const sharp = customChanter(
      'Sharp',
      'sharp',
      STANDARD_CHANTER.frequencies.map((f) => shiftCents(f, 100)),
    );
    const trace = held(shiftCents(640, 100));
    expect(traceProblem({ pitch: 'D', trace }, sharp)).toBeNull();
    expect(traceProblem({ pitch: 'D', trace }, STANDARD_CHANTER)).toBe('not the note claimed');
  });
});
