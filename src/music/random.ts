/** A source of uniform random numbers in [0, 1): `Math.random` or a seeded generator. */
export type Random = () => number;

/**
 * mulberry32: a tiny 32-bit PRNG with good spread and identical output on every JavaScript
 * engine, so seeded tests, fuzzers, generated samples and melodies are reproducible
 * (https://gist.github.com/tommyettinger/46a874533244883189143505d203312c).
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
