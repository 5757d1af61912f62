import { describe, expect, it } from 'vitest';
import { bandedEditDistance, melodicSimilarity } from './melodicSimilarity.ts';

/** Plain O(n·m) edit distance, the reference the banded one must agree with. */
function editDistance(a: readonly number[], b: readonly number[]): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      rows[i]![j] = Math.min(
        rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        rows[i - 1]![j]! + 1,
        rows[i]![j - 1]! + 1,
      );
  return rows[a.length]![b.length]!;
}

function sequence(seed: number, n: number): number[] {
  let state = seed;
  return Array.from({ length: n }, () => {
    state = (state * 48271) % 2147483647;
    return state % 9;
  });
}

describe('melodicSimilarity (issue 15.3: ≥ 90% offers "add as a new setting")', () => {
  it('issue 15.3: the same melody is 1, one note in ten changed is 0.9', () => {
    const a = sequence(1, 50);
    expect(melodicSimilarity(a, a, 0.9)).toBe(1);
    const b = a.map((p, i) => (i % 10 === 3 ? (p + 1) % 9 : p));
    expect(melodicSimilarity(a, b, 0.9)).toBeCloseTo(0.9, 10);
    const c = a.map((p, i) => (i % 5 === 3 ? (p + 1) % 9 : p));
    expect(melodicSimilarity(a, c, 0.9)).toBe(0);
    expect(melodicSimilarity(a, c)).toBeCloseTo(0.8, 10);
  });

  it('issue 15.3: a dropped or added note costs one; lengths too far apart are 0 at once', () => {
    const a = sequence(2, 40);
    const dropped = [...a.slice(0, 10), ...a.slice(11)];
    expect(melodicSimilarity(a, dropped, 0.9)).toBeCloseTo(1 - 1 / 40, 10);
    expect(melodicSimilarity(a, a.slice(0, 30), 0.9)).toBe(0);
    expect(melodicSimilarity([], [], 0.9)).toBe(1);
  });

  it('issue 15.3: the banded distance agrees with the full one within its band', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const a = sequence(seed, 20 + (seed % 7));
      const b = a.map((p, i) => ((i * seed) % 6 === 1 ? (p + seed) % 9 : p)).slice(seed % 3);
      const full = editDistance(a, b);
      for (const band of [0, 1, 3, 6, 30]) {
        const banded = bandedEditDistance(a, b, band);
        if (full <= band) expect(banded).toBe(full);
        else expect(banded).toBeGreaterThan(band);
      }
    }
  });
});
