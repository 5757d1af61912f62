/**
 * When a band or tutor listing is listed (issue 16 item 3: 'listings unconfirmed for 12 months
 * are hidden'): public and confirmed within DIRECTORY_LIMITS.confirmAfterDays. Computed from
 * `confirmed_at` rather than stored as a status, so confirming brings a listing straight back.
 * One rule for both tables: queries use `listedCondition`, reads of one row `isListed`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DIRECTORY_LIMITS } from '../../../contracts/directory/directoryTerms.ts';
import type { bands, tutors } from '../../db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Confirmed before this instant → not listed any more. */
export function confirmCutoff(now: Date): Date {
  return new Date(now.getTime() - DIRECTORY_LIMITS.confirmAfterDays * DAY_MS);
}

/** Confirmed before this instant → the reminder is due (a month before the listing lapses). */
export function reminderCutoff(now: Date): Date {
  const days = DIRECTORY_LIMITS.confirmAfterDays - DIRECTORY_LIMITS.remindBeforeDays;
  return new Date(now.getTime() - days * DAY_MS);
}

export function isListed(row: { status: string; confirmed_at: string }, now: Date): boolean {
  return row.status === 'public' && new Date(row.confirmed_at) > confirmCutoff(now);
}

/** The same rule as SQL on `bands` or `tutors`. */
export function listedCondition(table: typeof bands | typeof tutors, now: Date): SQL {
  return sql`(${table.status} = 'public' and ${table.confirmed_at} > ${confirmCutoff(now).toISOString()})`;
}
