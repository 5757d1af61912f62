import { describe, expect, it } from 'vitest';
import { dateText, dayOf, minutesByDay, minutesByWeek } from './practiceDays.ts';

describe('issue 18.3 practice days and weeks', () => {
  it('issue 18.3: a session counts on the local day it started', () => {
    const late = Date.UTC(2026, 10, 24, 23, 30);
    expect(dateText(dayOf(late))).toBe('2026-11-24');
    // An hour east of UTC (offset −60): already the 25th.
    expect(dateText(dayOf(late, () => -60))).toBe('2026-11-25');
  });

  it('issue 18.3: minutes per week against the goal, oldest week first, empty weeks kept', () => {
    const mon = dayOf(Date.UTC(2026, 10, 23));
    const sessions = [
      { startedAt: Date.UTC(2026, 10, 23, 9), durationMs: 30 * 60_000 },
      { startedAt: Date.UTC(2026, 10, 29, 9), durationMs: 40 * 60_000 },
      { startedAt: Date.UTC(2026, 10, 10, 9), durationMs: 15 * 60_000 },
    ];
    const weeks = minutesByWeek(minutesByDay(sessions), mon + 6, 3, 60);
    expect(weeks).toEqual([
      { monday: mon - 14, minutes: 15, metGoal: false },
      { monday: mon - 7, minutes: 0, metGoal: false },
      { monday: mon, minutes: 70, metGoal: true },
    ]);
  });
});
