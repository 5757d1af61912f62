/**
 * Per-client, per-day caps on anonymous writes that store rows (issue 13.10: one client
 * stored 3,000 analytics rows in 1.5 s, and the per-minute limits reset every minute and per
 * instance). The count lives in the database (client_daily_writes), so every instance shares
 * it; one conditional upsert takes the rows or refuses, so two concurrent requests cannot
 * both slip under the cap.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { client_daily_writes } from '../db/schema/index.ts';
import { ApiError } from './errors.ts';
import { clientKey } from './formService.ts';
import type { DailyCapKind, DailyCaps } from './dailyCapSettings.ts';

export { DEFAULT_DAILY_CAPS, type DailyCapKind, type DailyCaps } from './dailyCapSettings.ts';

export const DAILY_CAP_MESSAGE =
  'Too much has been sent from your connection today. Please try again tomorrow.';

/** Seconds until the next UTC midnight, when every client's counts start again. */
export function secondsToNextDay(now: number): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((next.getTime() - now) / 1000));
}

export class DailyCapError extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(429, 'rate_limited', DAILY_CAP_MESSAGE, retryAfterSeconds);
  }
}

export interface DailyWriteCaps {
  readonly caps: DailyCaps;
  /** Counts `rows` new rows of `kind` for the client at `address`, or throws DailyCapError. */
  take(address: string, kind: DailyCapKind, rows: number): Promise<void>;
}

export function createDailyWriteCaps(options: {
  database: Database;
  caps: DailyCaps;
  now?: () => number;
}): DailyWriteCaps {
  const { database, caps } = options;
  const now = options.now ?? Date.now;
  return {
    caps,
    async take(address, kind, rows) {
      const at = now();
      const cap = caps[kind];
      if (rows > cap) throw new DailyCapError(secondsToNextDay(at));
      const day = new Date(at).toISOString().slice(0, 10);
      const key = clientKey(address);
      const table = client_daily_writes;
      const taken = await database.rows(
        sql`insert into ${table} (client_key, day, kind, n) values (${key}, ${day}, ${kind}, ${rows})
            on conflict (client_key, day, kind)
            do update set n = ${table}.n + excluded.n where ${table}.n + excluded.n <= ${cap}
            returning n`,
      );
      if (taken.length === 0) throw new DailyCapError(secondsToNextDay(at));
    },
  };
}
