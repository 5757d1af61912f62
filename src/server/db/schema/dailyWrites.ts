import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Rows each client added today, per table (issue 13.10: one client stored 3,000 analytics
 * rows in 1.5 s). `client_key` is the same hash of the address the forms use, never the
 * address; `day` is the UTC date. The pruner drops days before yesterday.
 */
export const client_daily_writes = pgTable(
  'client_daily_writes',
  {
    client_key: text('client_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.client_key, t.day, t.kind] }),
    index('client_daily_writes_day_idx').on(t.day),
  ],
);
