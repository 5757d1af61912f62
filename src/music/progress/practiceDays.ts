/**
 * Calendar days and weeks of practice (issue 18 item 3), with plain numbers: a day is a whole
 * number of local days since 1970-01-01, a week starts on Monday. The local time zone comes in
 * as `offsetAt` (minutes west of UTC at an instant, as Date#getTimezoneOffset answers), so
 * tests are exact and a session at 23:30 belongs to the piper's own evening.
 */

export const DAY_MS = 86_400_000;

export type OffsetAt = (ms: number) => number;

export const utc: OffsetAt = () => 0;

/** The local day number of an instant. */
export function dayOf(ms: number, offsetAt: OffsetAt = utc): number {
  return Math.floor((ms - offsetAt(ms) * 60_000) / DAY_MS);
}

/** Monday-based week number of a day (day 0, 1970-01-01, was a Thursday). */
export function weekOf(day: number): number {
  return Math.floor((day + 3) / 7);
}

/** The Monday that starts a week, as a day number. */
export function mondayOf(week: number): number {
  return week * 7 - 3;
}

/** A day number as its UTC calendar date 'YYYY-MM-DD' (the local date it stands for). */
export function dateText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export interface TimedSession {
  readonly startedAt: number;
  readonly durationMs: number;
}

/** Minutes practised per local day (a session counts on the day it started). */
export function minutesByDay(
  sessions: readonly TimedSession[],
  offsetAt: OffsetAt = utc,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const s of sessions) {
    const day = dayOf(s.startedAt, offsetAt);
    out.set(day, (out.get(day) ?? 0) + s.durationMs / 60_000);
  }
  return out;
}

export interface WeekMinutes {
  /** The Monday, as a day number. */
  readonly monday: number;
  readonly minutes: number;
  readonly metGoal: boolean;
}

/** Minutes in each of the `weeks` weeks ending with the week of `today`, oldest first. */
export function minutesByWeek(
  byDay: ReadonlyMap<number, number>,
  today: number,
  weeks: number,
  goalMinutes: number,
): WeekMinutes[] {
  const last = weekOf(today);
  const totals = new Map<number, number>();
  for (const [day, minutes] of byDay) {
    const week = weekOf(day);
    if (week > last - weeks && week <= last) totals.set(week, (totals.get(week) ?? 0) + minutes);
  }
  const out: WeekMinutes[] = [];
  for (let week = last - weeks + 1; week <= last; week++) {
    const minutes = totals.get(week) ?? 0;
    out.push({
      monday: mondayOf(week),
      minutes,
      metGoal: goalMinutes > 0 && minutes >= goalMinutes,
    });
  }
  return out;
}
