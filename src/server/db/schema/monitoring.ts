import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Error reports from browsers when no SENTRY_DSN is set (spec §7 'Monitoring'; issue 8 part 6).
 * Bounded: clientErrorService keeps only the newest CLIENT_ERROR_ROWS rows, so a loop of
 * failing pages cannot fill the disk.
 */
export const client_errors = pgTable(
  'client_errors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    message: text('message').notNull(),
    name: text('name').notNull(),
    stack: text('stack'),
    context: jsonb('context').$type<Record<string, unknown>>().notNull(),
    url: text('url'),
    release: text('release'),
    user_agent: text('user_agent'),
    reported_at: timestamp('reported_at', { withTimezone: true, mode: 'string' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('client_errors_created_idx').on(t.created_at.desc())],
);

/**
 * Our own analytics (spec §3 'Analytics events'; issue 8 part 7): one row per event. Columns
 * that a kind does not use stay null. No address, no user id: counting, not tracking.
 */
export const analytics_events = pgTable(
  'analytics_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    category: text('category'),
    label: text('label').notNull(),
    action: text('action'),
    message: text('message'),
    component: text('component'),
    success: boolean('success'),
    app_version: text('app_version').notNull(),
    occurred_at: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('analytics_events_occurred_idx').on(t.occurred_at),
    index('analytics_events_kind_idx').on(t.kind, t.occurred_at),
  ],
);

/** Feedback widget reports (spec §2.4, §5, §8 'Feedback widget'). */
export const feedback_reports = pgTable(
  'feedback_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name'),
    email: text('email'),
    message: text('message').notNull(),
    url: text('url'),
    user_agent: text('user_agent'),
    client_key: text('client_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('feedback_reports_client_idx').on(t.client_key, t.created_at.desc()),
    index('feedback_reports_created_idx').on(t.created_at.desc()),
  ],
);

/**
 * Messages relayed by the Send Email dialog (spec §2.4): who asked (a hash of the address, for
 * the rate limit), to which recipient id, and whether the mail went out. The message itself is
 * not kept: it was for the recipient, not for us.
 */
export const email_relay_log = pgTable(
  'email_relay_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipient_id: text('recipient_id').notNull(),
    client_key: text('client_key').notNull(),
    delivered: boolean('delivered').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('email_relay_log_client_idx').on(t.client_key, t.created_at.desc())],
);
