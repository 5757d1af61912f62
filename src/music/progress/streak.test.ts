import { describe, expect, it } from 'vitest';
import { dayOf, weekOf } from './practiceDays.ts';
import { streakOf } from './streak.ts';

// 2026-11-23 is a Monday.
const MON = dayOf(Date.UTC(2026, 10, 23));
const days = (...offsets: number[]) => new Set(offsets.map((o) => MON + o));

describe('issue 18.3 streak with one freeze a week', () => {
  it('issue 18.3: the week numbering starts on Monday', () => {
    expect(weekOf(MON)).toBe(weekOf(MON + 6));
    expect(weekOf(MON - 1)).toBe(weekOf(MON) - 1);
  });

  it('issue 18.3: consecutive days count; no practice is no streak', () => {
    expect(streakOf(new Set(), MON)).toEqual({ current: 0, best: 0, frozen: [], freezeLeft: true });
    expect(streakOf(days(0, 1, 2), MON + 2).current).toBe(3);
  });

  it('issue 18.3: today without practice (yet) does not break the streak', () => {
    expect(streakOf(days(0, 1, 2), MON + 3)).toMatchObject({ current: 3, frozen: [] });
  });

  it('issue 18.3: one missed day a week is frozen; frozen days are not counted', () => {
    // Mon, Tue, (Wed missed), Thu, Fri; today Fri.
    expect(streakOf(days(0, 1, 3, 4), MON + 4)).toEqual({
      current: 4,
      best: 4,
      frozen: [MON + 2],
      freezeLeft: false,
    });
  });

  it('issue 18.3: a second missed day in the same week breaks the streak', () => {
    // Mon, (Tue missed: frozen), Wed, (Thu missed: no freeze left), Fri.
    expect(streakOf(days(0, 2, 4), MON + 4)).toMatchObject({ current: 1, best: 2, frozen: [] });
    // Two missed days in a row in one week: broken.
    expect(streakOf(days(0, 3), MON + 3)).toMatchObject({ current: 1, best: 1 });
  });

  it('issue 18.3: each week has its own freeze (Sunday and the next Monday both frozen)', () => {
    // Sat MON+5, (Sun MON+6 missed), (Mon MON+7 missed), Tue MON+8.
    expect(streakOf(days(4, 5, 8), MON + 8)).toMatchObject({
      current: 3,
      frozen: [MON + 7, MON + 6],
    });
  });

  it('issue 18.3: yesterday missed and today not yet practised: alive on a freeze', () => {
    expect(streakOf(days(0, 1), MON + 3)).toMatchObject({ current: 2, frozen: [MON + 2] });
    // Two days missed before today: gone.
    expect(streakOf(days(0, 1), MON + 4)).toMatchObject({ current: 0, best: 2 });
  });

  it('issue 18.3: a broken chain gives its freeze back to the week', () => {
    // Mon; Tue, Wed missed (broken: Tue's freeze did not save it); Thu, Fri; Sat missed; Sun.
    const s = streakOf(days(0, 3, 4, 6), MON + 6);
    expect(s).toMatchObject({ current: 3, frozen: [MON + 5] });
  });
});
