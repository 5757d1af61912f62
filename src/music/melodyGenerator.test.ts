import { describe, expect, it } from 'vitest';
import { generateMelody, MAX_LEAP, seededRandom } from './melodyGenerator.ts';
import { pitches, scaleIndex } from './notes.ts';

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const drawsA = Array.from({ length: 1000 }, a);
    expect(Array.from({ length: 1000 }, b)).toEqual(drawsA);
    expect(drawsA.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(drawsA).size).toBeGreaterThan(990);
  });
});

describe('generateMelody', () => {
  it('is deterministic per seed', () => {
    expect(generateMelody({ seed: 7, bars: 8 })).toEqual(generateMelody({ seed: 7, bars: 8 }));
  });

  it('gives different tunes for different seeds', () => {
    const tunes = new Set(
      Array.from({ length: 20 }, (_, seed) => generateMelody({ seed, bars: 4 }).flat().join(' ')),
    );
    expect(tunes.size).toBeGreaterThan(15);
  });

  it('makes N bars of 4 chanter notes', () => {
    const melody = generateMelody({ seed: 3, bars: 5 });
    expect(melody).toHaveLength(5);
    for (const bar of melody) {
      expect(bar).toHaveLength(4);
      for (const p of bar) expect(pitches).toContain(p);
    }
  });

  it('moves mostly by step and never leaps wider than MAX_LEAP', () => {
    let steps = 0;
    let intervals = 0;
    const reached = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const line = generateMelody({ seed, bars: 8 }).flat();
      line.forEach((p) => reached.add(p));
      for (let i = 1; i < line.length; i++) {
        const jump = Math.abs(scaleIndex(line[i]!) - scaleIndex(line[i - 1]!));
        expect(jump).toBeLessThanOrEqual(MAX_LEAP);
        if (jump <= 1) steps++;
        intervals++;
      }
    }
    expect(steps / intervals).toBeGreaterThan(0.5);
    // The whole scale, Low G to High A, is in use.
    expect(reached.size).toBe(9);
  });

  it('rejects impossible lengths', () => {
    expect(() => generateMelody({ seed: 1, bars: 0 })).toThrow(RangeError);
    expect(() => generateMelody({ seed: 1, bars: 2.5 })).toThrow(RangeError);
    expect(() => generateMelody({ seed: 1, bars: 65 })).toThrow(RangeError);
  });
});
