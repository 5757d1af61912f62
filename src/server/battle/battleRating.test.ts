import { describe, expect, it } from 'vitest';
import { newRating, rateMatch, shownRating } from './battleRating.ts';

describe('issue 17.2: ratings from openskill', () => {
  it('issue 17.2: a new player shows 0; a win raises the winner and lowers the loser', () => {
    const a = newRating();
    const b = newRating();
    expect(a).toEqual({ mu: 25, sigma: 25 / 3 });
    expect(shownRating(a)).toBe(0);
    const [wa, lb] = rateMatch('a', a, b, { kind: 'win', winner: 'a' })!;
    expect(wa.mu).toBeGreaterThan(25);
    expect(lb.mu).toBeLessThan(25);
    expect(wa.mu - 25).toBeCloseTo(25 - lb.mu, 6);
    // Both are surer of their level after a game.
    expect(wa.sigma).toBeLessThan(a.sigma);
    expect(shownRating(wa)).toBeGreaterThan(shownRating(lb));
  });

  it('issue 17.2: a loss mirrors a win; an upset moves ratings more than the expected result', () => {
    const strong = { mu: 32, sigma: 3 };
    const weak = { mu: 20, sigma: 3 };
    const [s1, w1] = rateMatch('s', strong, weak, { kind: 'win', winner: 's' })!;
    const [s2, w2] = rateMatch('s', strong, weak, { kind: 'win', winner: 'w' })!;
    expect(s2.mu).toBeLessThan(strong.mu);
    expect(w2.mu).toBeGreaterThan(weak.mu);
    expect(w2.mu - weak.mu).toBeGreaterThan(w1.mu - weak.mu + 0.5);
    expect(strong.mu - s2.mu).toBeGreaterThan(s1.mu - strong.mu);
  });

  it('issue 17.4: a forfeit or leaving mid-match counts as a loss; an abandoned match counts for nothing', () => {
    const a = newRating();
    const b = newRating();
    const win = rateMatch('a', a, b, { kind: 'win', winner: 'b' });
    expect(rateMatch('a', a, b, { kind: 'forfeit', winner: 'b', loser: 'a' })).toEqual(win);
    expect(rateMatch('a', a, b, { kind: 'left', winner: 'b', loser: 'a' })).toEqual(win);
    expect(rateMatch('a', a, b, null)).toBeNull();
  });

  it('issue 17.2: a draw between equals keeps them equal and surer', () => {
    const [a, b] = rateMatch('a', newRating(), newRating(), { kind: 'draw' })!;
    expect(a.mu).toBeCloseTo(b.mu, 9);
    expect(a.mu).toBeCloseTo(25, 6);
    expect(a.sigma).toBeLessThan(25 / 3);
  });
});
