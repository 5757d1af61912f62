import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mail that was not sent because SMTP_URL is not set (issue 8 part 1): the local outbox, so
 * sign-in links work on a fresh machine. Listed at /dev/mailbox in development and to
 * administrators; the mailer keeps only the newest OUTBOX_KEEP rows.
 */
export const mail_outbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to_address, t.created_at.desc())],
);
