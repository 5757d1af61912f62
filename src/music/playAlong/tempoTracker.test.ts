import { describe, expect, it } from 'vitest';
import { REANCHOR_SECONDS, TempoTracker } from './tempoTracker.ts';

describe('tempo tracker (issue 14.2)', () => {
  it('issue 14.2: one late beat does not move the line (the next beat is not read as early)', () => {
    const t = new TempoTracker();
    t.start(0, 5);
    for (let beat = 0; beat < 8; beat++)
      t.add(beat * 0.5, 5 + beat * 0.5 + (beat === 6 ? 0.15 : 0));
    expect(t.predict(4)).toBeCloseTo(9, 6);
    expect(t.rate).toBeCloseTo(1, 6);
  });

  it('issue 14.2: follows a piper 10% slower within a few beats', () => {
    const t = new TempoTracker();
    for (let beat = 0; beat < 10; beat++) t.add(beat * 0.5, 2 + beat * 0.55);
    expect(t.rate).toBeCloseTo(1.1, 6);
    expect(t.predict(5)).toBeCloseTo(2 + 10 * 0.55, 6);
  });

  it('issue 14.2: two beats in a row far off the same way start the line again (a pause)', () => {
    const t = new TempoTracker();
    for (let beat = 0; beat < 6; beat++) t.add(beat * 0.5, beat * 0.5);
    t.add(3, 3 + 1);
    expect(t.predict(3.5)).toBeCloseTo(3.5, 6);
    t.add(3.5, 3.5 + 1);
    expect(REANCHOR_SECONDS).toBeLessThan(1);
    expect(t.predict(4)).toBeCloseTo(5, 6);
  });

  it('issue 14.2: with the tempo held, only the first beat anchors', () => {
    const t = new TempoTracker({ follow: false, rate: 2 });
    t.add(0, 1);
    t.add(1, 3.4);
    expect(t.predict(2)).toBe(5);
  });
});
