/**
 * The Send Email dialog's relay (spec §2.4 'Send Email', §3 'Email send payload', §5; issue 8
 * part 4). The browser names the recipient by id; the address is looked up here and never
 * leaves the server. The human check is verified (single use) before anything is sent, each
 * client may relay a few messages per hour, and the sender's address becomes Reply-To.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import { sendEmailMessages, sendEmailSchema } from '../../contracts/sendEmail.ts';
import type { Database } from '../db/client.ts';
import { email_relay_log } from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { ApiError, badRequest, tooManyRequests } from './errors.ts';
import { clientKey } from './formService.ts';
import { humanCheckRefusal, type HumanCheckService } from './remoteHumanCheck.ts';

export interface Recipient {
  readonly name: string;
  readonly email: string;
  /** Also sent the message, one mail each (a band's managers; issue 16 item 4). */
  readonly copies?: readonly string[];
}

/** Finds a recipient by id (services/directory/directoryRecipients.ts: bands and tutors). */
export type RecipientLookup = (id: string) => Promise<Recipient | null>;

/** Per client: at most this many relayed messages per hour. */
export const RELAY_PER_HOUR = 5;
export const RELAY_LIMIT_MESSAGE = 'Too many messages from your connection. Please try later.';
const HOUR_MS = 60 * 60 * 1000;

export interface RelayDeps {
  database: Database;
  humanCheck: HumanCheckService;
  mailer: Pick<Mailer, 'send'> | null;
  recipients: RecipientLookup;
  log: { error(object: object, message: string): void };
}

export async function relayEmail(
  deps: RelayDeps,
  body: unknown,
  client: { address: string; now?: number },
): Promise<void> {
  const parsed = sendEmailSchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request', 'validation');
  }
  const { recipientId, message, email, captchaToken } = parsed.data;
  const { db } = deps.database;
  const now = client.now ?? Date.now();
  const key = clientKey(client.address);

  const [recent] = await db
    .select({ n: count() })
    .from(email_relay_log)
    .where(
      and(
        eq(email_relay_log.client_key, key),
        gt(email_relay_log.created_at, new Date(now - HOUR_MS).toISOString()),
      ),
    );
  if (Number(recent?.n ?? 0) >= RELAY_PER_HOUR) {
    throw tooManyRequests(RELAY_LIMIT_MESSAGE, HOUR_MS / 1000);
  }

  const recipient = await deps.recipients(recipientId);
  if (!recipient) throw new ApiError(404, 'unknown_recipient', sendEmailMessages.unknownRecipient);
  if (!deps.mailer) throw new ApiError(503, 'not_configured', sendEmailMessages.notConfigured);

  const verdict = await deps.humanCheck.verify(captchaToken);
  if (!verdict.ok) throw humanCheckRefusal(deps.humanCheck.provider, verdict.reason);

  let delivered = true;
  const mail = {
    replyTo: email,
    subject: `Message for ${recipient.name} via Chanterlab`,
    text: `${message}\n\n— sent by ${email} through the Chanterlab contact dialog. Reply to this email to answer them.`,
  };
  try {
    await deps.mailer.send({ ...mail, to: recipient.email });
  } catch (error) {
    delivered = false;
    deps.log.error({ err: error, recipientId }, 'relaying an email failed');
  }
  // Copies are separate mails, so no recipient sees another's address; one that fails is
  // logged and does not fail the message the main recipient already has.
  for (const to of delivered ? (recipient.copies ?? []) : []) {
    try {
      await deps.mailer.send({ ...mail, to });
    } catch (error) {
      deps.log.error({ err: error, recipientId }, 'relaying a copy of an email failed');
    }
  }
  await db.insert(email_relay_log).values({
    recipient_id: recipientId,
    client_key: key,
    delivered,
    created_at: new Date(now).toISOString(),
  });
  if (!delivered) throw new ApiError(502, 'send_failed', sendEmailMessages.failed);
}

/** The recipients every deployment has: the site owner, when SITE_OWNER_EMAIL is set. */
export function configuredRecipients(owner: {
  email: string | undefined;
  name: string;
}): RecipientLookup {
  return async (id) =>
    id === 'site-owner' && owner.email ? { name: owner.name, email: owner.email } : null;
}
