import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Contact and feature-request submissions (spec §3 'Forms', §7). One table for both forms:
 * `form` says which; the columns are the spec's field names. `client_key` is a hash of the
 * client's address (never the address itself), used for the per-client 60-second wait (§9).
 */
export const form_submissions = pgTable(
  'form_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    form: text('form').notNull(),
    name: text('name'),
    email: text('email').notNull(),
    message: text('message'),
    type: text('type'),
    title: text('title'),
    description: text('description'),
    browser: text('browser'),
    client_key: text('client_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('form_submissions_client_idx').on(t.client_key, t.form, t.created_at.desc()),
    index('form_submissions_created_idx').on(t.created_at.desc()),
  ],
);

/**
 * Human-check (ALTCHA) solutions already accepted, by challenge signature, so a solution works
 * once (issue 8). Rows are useless after the challenge expires and are deleted then.
 */
export const captcha_used = pgTable(
  'captcha_used',
  {
    signature: text('signature').primaryKey(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('captcha_used_expires_idx').on(t.expires_at)],
);
