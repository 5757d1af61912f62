/**
 * Outgoing mail (issue 8 part 1). With SMTP_URL set, mail goes through nodemailer. Without it,
 * mail goes to the local outbox: logged to the console and stored in `mail_outbox`, so
 * sign-in by emailed link works on a fresh machine with nothing configured (DESIGN.md 'local
 * mail outbox'). Other features (form forwarding, Send Email) use the same `Mailer`.
 */
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mail_outbox } from '../db/schema/index.ts';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** Where replies go (e.g. the sender of a contact form); never shown to the recipient otherwise. */
  readonly replyTo?: string;
}

export interface OutboxEntry {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly createdAt: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, 'outbox' otherwise. */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** The outbox, newest first (empty with SMTP). `to` filters by recipient. */
  outbox(options?: { to?: string; limit?: number }): Promise<OutboxEntry[]>;
}

/** The part of a pino/Fastify logger the mailer uses. */
export interface MailLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  log: MailLog;
  db: Database;
}

/** The outbox keeps this many messages; older ones are deleted as new ones arrive. */
export const OUTBOX_KEEP = 500;

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, log, db: database } = options;
  // nodemailer is loaded at the first message: a server that mails through the outbox never
  // pays its ~10 MB of RSS (issue 13 item 15, docs/decisions/015-memory-budget.md).
  let transport: Promise<Transporter> | undefined;
  const transporter = smtpUrl
    ? () =>
        (transport ??= import('nodemailer').then((module) =>
          module.default.createTransport(smtpUrl),
        ))
    : null;

  async function outbox(query: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
    const limit = Math.min(Math.max(query.limit ?? 50, 1), OUTBOX_KEEP);
    const rows = await database.db
      .select()
      .from(mail_outbox)
      .where(query.to ? eq(mail_outbox.to_address, query.to.toLowerCase()) : undefined)
      .orderBy(desc(mail_outbox.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      text: r.text,
      html: r.html,
      createdAt: r.created_at,
    }));
  }

  if (transporter) {
    return {
      transport: 'smtp',
      async send(message) {
        await (
          await transporter()
        ).sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        });
        log.info({ subject: message.subject }, 'mail sent');
      },
      outbox: async () => [],
    };
  }

  return {
    transport: 'outbox',
    async send(message) {
      const to = message.to.trim().toLowerCase();
      const [row] = await database.db
        .insert(mail_outbox)
        .values({
          to_address: to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
        .returning({ id: mail_outbox.id });
      // Bounded: one delete per send keeps the table at OUTBOX_KEEP rows.
      if (row && row.id > OUTBOX_KEEP) {
        await database.db.delete(mail_outbox).where(lt(mail_outbox.id, row.id - OUTBOX_KEEP + 1));
      }
      // The console is the outbox of a machine with nothing configured: print the lines with
      // a link (the sign-in link), not the whole text — forwarded forms and bug reports carry
      // what visitors typed, and the log must not echo submitted bodies (issue 13.9).
      log.info(
        { outbox: { to, subject: message.subject, text: linkLines(message.text) } },
        'mail not sent (SMTP_URL is not set): stored in the outbox',
      );
    },
    outbox,
  };
}

/** The lines of `text` that hold a link, at most 5, each cut at 500 characters. */
export function linkLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => /https?:\/\//.test(line))
    .slice(0, 5)
    .map((line) => (line.length > 500 ? `${line.slice(0, 500)}…` : line))
    .join('\n');
}

/** Counts the outbox (tests). */
export async function outboxSize(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from ${mail_outbox}`,
  );
  return row?.n ?? 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail (src/server/mail/mailer.ts), decorated in app.ts. */
    mailer: Mailer;
  }
}
