import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER, centsBetween, classify } from './chanter.ts';
import { droneAt, droneChanter, justFrequencies, lowAOf } from './tunerReference.ts';

describe('tuner references', () => {
  it('just intonation on 480 Hz matches the spec’s standard chanter within 3 cents (Low G 426 vs 426.7)', () => {
    justFrequencies(480).forEach((hz, i) =>
      expect(Math.abs(centsBetween(hz, STANDARD_CHANTER.frequencies[i]!))).toBeLessThan(3),
    );
  });

  it('follows the piper’s own Low A', () => {
    const chanter = { id: 'c', name: 'Mine', frequencies: justFrequencies(470) };
    expect(lowAOf(chanter)).toBe(470);
    expect(justFrequencies(470)[5]).toBeCloseTo(705, 6); // E = 3:2
  });

  it('drone mode: bass two octaves and tenor one octave below Low A', () => {
    const drones = droneChanter(480);
    expect(drones.frequencies[1]).toBe(120);
    expect(drones.frequencies[8]).toBe(240);
    const bass = classify(121, drones)!;
    expect(droneAt(bass.index)).toBe('bass');
    expect(bass.cents).toBeCloseTo(14.4, 1);
    expect(droneAt(classify(238, drones)!.index)).toBe('tenor');
    expect(droneAt(classify(180, drones)!.index)).toBeNull();
  });
});
