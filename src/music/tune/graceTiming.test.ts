import { describe, expect, it } from 'vitest';
import { embellishmentTable, graceNotes } from './embellishments.ts';
import {
  MAX_GRACE_SHARE,
  REFERENCE_BPM,
  graceDurations,
  graceShape,
  graceTimingTable,
  tempoStretch,
} from './graceTiming.ts';

describe('grace timing table', () => {
  it('has a row for every embellishment family the reader knows', () => {
    for (const entry of embellishmentTable.values()) {
      expect(graceTimingTable[entry.family], entry.code).toBeDefined();
    }
  });

  it('gives every gracenote of every movement a plausible length (15–160 ms)', () => {
    for (const [code, entry] of embellishmentTable) {
      for (const prev of [null, 'HG', 'D', 'LG'] as const) {
        const count = graceNotes(code, { prev, note: 'E' }).length;
        for (const ms of graceShape(entry.family, count)) {
          expect(ms, code).toBeGreaterThanOrEqual(15);
          expect(ms, code).toBeLessThanOrEqual(160);
        }
      }
    }
  });

  it('is not one smoothing factor: movements have their own shapes', () => {
    expect(graceShape('grace', 1)).toEqual([32]);
    // Doubling: the note in the middle is heard longer than the gracenotes.
    const [g, note, upper] = graceShape('doubling', 3);
    expect(note!).toBeGreaterThan(g!);
    expect(note!).toBeGreaterThan(upper!);
    // Throw on D leans on its D.
    expect(Math.max(...graceShape('throw', 3))).toBe(graceShape('throw', 3)[1]);
    // Birls are faster than single gracenotes; a cadence E is held far longer.
    expect(Math.max(...graceShape('birl', 4))).toBeLessThan(32);
    expect(graceShape('cadence', 2)[1]).toBeGreaterThan(100);
  });

  it('keeps graces nearly constant in time across tempos', () => {
    expect(tempoStretch(REFERENCE_BPM)).toBe(1);
    expect(tempoStretch(45)).toBeGreaterThan(1);
    expect(tempoStretch(45)).toBeLessThanOrEqual(1.2);
    expect(tempoStretch(180)).toBeLessThan(1);
    expect(tempoStretch(180)).toBeGreaterThanOrEqual(0.85);
    expect(graceDurations('grace', 1, REFERENCE_BPM)).toEqual([0.032]);
  });

  it('never takes more than half of the note it borrows from', () => {
    const d = graceDurations('crunluath', 7, 60, 0.1);
    const total = d.reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(0.1 * MAX_GRACE_SHARE);
    // Proportions are kept when squeezed.
    const free = graceDurations('doubling', 3, 60);
    const squeezed = graceDurations('doubling', 3, 60, 0.1);
    expect(squeezed[1]! / squeezed[0]!).toBeCloseTo(free[1]! / free[0]!);
  });
});
