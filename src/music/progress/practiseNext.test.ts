import { describe, expect, it } from 'vitest';
import { Rating } from 'ts-fsrs';
import { dueNow, ratingOf, schedule, type ReviewResult } from './practiseNext.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5, 18);
const result = (
  key: string,
  day: number,
  score: number,
  kind: ReviewResult['kind'] = 'tune',
): ReviewResult => ({
  kind,
  key,
  label: key,
  at: T0 + day * DAY,
  score,
});

describe("issue 18.3 'Practise next' by spaced repetition (ts-fsrs)", () => {
  it('issue 18.3: a result becomes an FSRS rating by its share right', () => {
    expect([0.2, 0.6, 0.8, 0.95, 1].map(ratingOf)).toEqual([
      Rating.Again,
      Rating.Hard,
      Rating.Good,
      Rating.Easy,
      Rating.Easy,
    ]);
  });

  it('issue 18.3: a tune played badly is due sooner than one played well', () => {
    const items = schedule([result('weak', 0, 0.3), result('strong', 0, 0.97)], T0 + DAY);
    const weak = items.find((i) => i.key === 'weak')!;
    const strong = items.find((i) => i.key === 'strong')!;
    expect(weak.due).toBeLessThan(strong.due);
    expect(items[0]!.key).toBe('weak');
    // An 'Again' comes back within the day (a learning step); 'Easy' first waits days.
    expect(weak.due - T0).toBeLessThan(DAY);
    expect(strong.due - T0).toBeGreaterThanOrEqual(7 * DAY);
  });

  it('issue 18.3: good reviews push the next one further out each time', () => {
    const gaps: number[] = [];
    let day = 0;
    const history: ReviewResult[] = [];
    for (let i = 0; i < 4; i++) {
      history.push(result('reel', day, 0.85));
      const [item] = schedule(history, T0 + day * DAY);
      const gap = item!.due - (T0 + day * DAY);
      gaps.push(gap);
      day += Math.ceil(gap / DAY);
    }
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThan(gaps[i - 1]!);
  });

  it('issue 18.3: due now lists only what is due, most overdue first, across kinds', () => {
    const results = [
      result('doubling', 0, 0.4, 'embellishment'),
      result('LA', 1, 0.5, 'note'),
      result('Scotland the Brave', 1, 1),
    ];
    const due = dueNow(results, T0 + 2 * DAY);
    expect(due.map((d) => d.key)).toEqual(['doubling', 'LA']);
    expect(due[0]!.retrievability).toBeGreaterThan(0);
    expect(due[0]!.retrievability).toBeLessThan(1);
    // The same history always gives the same schedule (no fuzz).
    expect(dueNow(results, T0 + 2 * DAY)).toEqual(due);
  });
});
