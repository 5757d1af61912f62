/**
 * What /progress shows, from the history (issue 18 item 3): built from the pure rules in
 * src/music/progress/ and the records, with `now` and the time zone passed in.
 */
import type { PracticeRecord } from '../../../contracts/progress/practiceRecord.ts';
import {
  dayOf,
  minutesByDay,
  minutesByWeek,
  weekOf,
  mondayOf,
  type OffsetAt,
  type WeekMinutes,
} from '../../../music/progress/practiceDays.ts';
import {
  accuracyByFamily,
  accuracyByTune,
  ratioOf,
  tempoByTune,
  type TempoReached,
  type Trend,
} from '../../../music/progress/practiceTrends.ts';
import { dueNow, type DueItem, type ReviewResult } from '../../../music/progress/practiseNext.ts';
import { streakOf, type Streak } from '../../../music/progress/streak.ts';

/** Weeks on the heat map: a year, Monday-based columns ending with this week. */
export const HEAT_WEEKS = 53;
/** Weeks on the minutes-per-week chart. */
export const CHART_WEEKS = 12;

export interface HeatCell {
  readonly day: number;
  readonly minutes: number;
  /** 0 (none) … 4 (most). */
  readonly level: 0 | 1 | 2 | 3 | 4;
  /** After today: drawn empty. */
  readonly future: boolean;
}

export interface ProgressModel {
  readonly today: number;
  readonly sessions: number;
  readonly heat: readonly HeatCell[];
  /** The Monday of the heat map's first column. */
  readonly heatStart: number;
  readonly weeks: readonly WeekMinutes[];
  readonly streak: Streak;
  readonly minutesThisWeek: number;
  readonly tunes: readonly Trend[];
  readonly families: readonly Trend[];
  readonly tempos: readonly TempoReached[];
  readonly due: readonly DueItem[];
}

/** Minutes to a heat level: the thresholds a daily practice habit crosses. */
export function levelOf(minutes: number): HeatCell['level'] {
  if (minutes <= 0) return 0;
  if (minutes < 10) return 1;
  if (minutes < 20) return 2;
  if (minutes < 40) return 3;
  return 4;
}

/** 'g-strike' → 'G strike'. */
export function familyLabel(family: string): string {
  const words = family.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Play-along tunes and families, and flash-card notes, as spaced-repetition results. */
export function reviewResults(records: readonly PracticeRecord[]): ReviewResult[] {
  const out: ReviewResult[] = [];
  for (const r of records) {
    if (r.tool === 'playAlong' && r.tune && r.accuracy !== null) {
      out.push({
        kind: 'tune',
        key: r.tune.id,
        label: r.tune.title || r.tune.id,
        at: r.startedAt,
        score: r.accuracy,
      });
    }
    for (const f of r.families) {
      const score = ratioOf(f);
      if (score !== null)
        out.push({
          kind: 'embellishment',
          key: f.key,
          label: familyLabel(f.key),
          at: r.startedAt,
          score,
        });
    }
    for (const c of r.cards) {
      const score = ratioOf(c);
      if (score !== null)
        out.push({ kind: 'note', key: c.key, label: c.key, at: r.startedAt, score });
    }
  }
  return out;
}

export function progressModel(
  records: readonly PracticeRecord[],
  now: number,
  goalMinutes: number,
  offsetAt: OffsetAt,
): ProgressModel {
  const today = dayOf(now, offsetAt);
  const byDay = minutesByDay(records, offsetAt);
  const heatStart = mondayOf(weekOf(today) - HEAT_WEEKS + 1);
  const heat: HeatCell[] = [];
  for (let day = heatStart; day < heatStart + HEAT_WEEKS * 7; day++) {
    const minutes = byDay.get(day) ?? 0;
    heat.push({ day, minutes, level: levelOf(minutes), future: day > today });
  }
  const weeks = minutesByWeek(byDay, today, CHART_WEEKS, goalMinutes);
  const practised = new Set([...byDay].filter(([, m]) => m > 0).map(([d]) => d));
  return {
    today,
    sessions: records.length,
    heat,
    heatStart,
    weeks,
    streak: streakOf(practised, today),
    minutesThisWeek: weeks.at(-1)?.minutes ?? 0,
    tunes: accuracyByTune(records),
    families: accuracyByFamily(records).map((t) => ({ ...t, label: familyLabel(t.key) })),
    tempos: tempoByTune(records),
    due: dueNow(reviewResults(records), now),
  };
}

export const browserOffset: OffsetAt = (ms) => new Date(ms).getTimezoneOffset();
