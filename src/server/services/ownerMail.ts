/**
 * Mail to the site owner (SITE_OWNER_EMAIL): form submissions and bug reports are forwarded
 * through the shared mailer (src/server/mail/mailer.ts: SMTP when SMTP_URL is set, the local
 * outbox otherwise). A failed forward is logged, never shown to the visitor: the submission is
 * already stored and administrators read it on the admin pages.
 */
import type { Mailer } from '../mail/mailer.ts';

export interface OwnerMail {
  forward(mail: {
    subject: string;
    replyTo?: string | undefined;
    lines: ReadonlyArray<readonly [string, string | null | undefined]>;
  }): Promise<boolean>;
}

interface Log {
  error(object: object, message: string): void;
}

export function createOwnerMail(
  mailer: Pick<Mailer, 'send'>,
  ownerEmail: string | undefined,
  log: Log,
): OwnerMail | undefined {
  if (!ownerEmail) return undefined;
  return {
    async forward({ subject, replyTo, lines }) {
      const text = lines
        .filter(([, value]) => value)
        .map(([label, value]) => `${label}: ${value}`)
        .join('\n\n');
      try {
        await mailer.send({
          to: ownerEmail,
          subject,
          text,
          ...(replyTo ? { replyTo } : {}),
        });
        return true;
      } catch (error) {
        log.error({ err: error, subject }, 'forwarding mail to the site owner failed');
        return false;
      }
    },
  };
}
