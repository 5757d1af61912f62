/**
 * The practice streak with one freeze a week (issue 18 item 3), on day numbers
 * (./practiceDays.ts). The rules:
 * - a day with any practice extends the streak by one;
 * - a day without practice is covered by that week's freeze (Monday to Sunday, one a week)
 *   if it is still unused; otherwise the streak ends and the next practice day starts anew;
 * - today without practice (yet) neither breaks the streak nor spends a freeze: the day is not
 *   over;
 * - frozen days keep the chain but are not counted in it: the streak counts days practised.
 */
import { weekOf } from './practiceDays.ts';

export interface Streak {
  /** Days practised in the streak that is still alive today (0 when none). */
  readonly current: number;
  /** The longest streak ever, the same way. */
  readonly best: number;
  /** Days of the current streak covered by a freeze, newest first. */
  readonly frozen: readonly number[];
  /** Whether this week's freeze is still unused. */
  readonly freezeLeft: boolean;
}

export function streakOf(practised: ReadonlySet<number>, today: number): Streak {
  if (practised.size === 0) return { current: 0, best: 0, frozen: [], freezeLeft: true };
  let first = Infinity;
  for (const day of practised) if (day < first) first = day;
  let run = 0;
  let best = 0;
  let frozen: number[] = [];
  const usedWeeks = new Set<number>();
  for (let day = first; day <= today; day++) {
    if (practised.has(day)) {
      run++;
      best = Math.max(best, run);
      continue;
    }
    if (day === today) break;
    const week = weekOf(day);
    if (run > 0 && !usedWeeks.has(week)) {
      usedWeeks.add(week);
      frozen.push(day);
      continue;
    }
    // The chain breaks: the freezes it spent did not save it, so its weeks get them back.
    for (const spent of frozen) usedWeeks.delete(weekOf(spent));
    run = 0;
    frozen = [];
  }
  // A chain kept alive only by freezes since its last practice is still alive (it needs
  // practice today or a freeze tomorrow); a chain already broken answered run = 0 above.
  return {
    current: run,
    best,
    frozen: frozen.reverse(),
    freezeLeft: !usedWeeks.has(weekOf(today)),
  };
}
