/**
 * Contact and feature-request submissions (spec §3 'Forms', §5, §7; issue 8 part 2): the same
 * validation as the screens (src/contracts/forms.ts), honeypot hits dropped silently, the
 * 60-second wait per client and form, the human check on feature requests, and storage.
 * Stored submissions are forwarded to the site owner (SITE_OWNER_EMAIL) through the mailer.
 */
import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import {
  CONTACT_FORM_NAME,
  FEATURE_REQUEST_FORM_NAME,
  HONEYPOT_FIELD,
  HUMAN_CHECK_FIELD,
  RESUBMIT_WAIT_SECONDS,
  contactSchema,
  featureRequestSchema,
  formMessages,
  formNames,
  secondsToWait,
  waitMessage,
  type FormName,
  type StoredSubmission,
} from '../../contracts/forms.ts';
import type { Database } from '../db/client.ts';
import { form_submissions } from '../db/schema/index.ts';
import type { CaptchaService } from './captchaService.ts';
import { badRequest, tooManyRequests } from './errors.ts';
import type { OwnerMail } from './ownerMail.ts';
import { humanCheckRefusal, type HumanCheckService } from './remoteHumanCheck.ts';

export type FormBody = Record<string, string>;

export type SubmitOutcome =
  { readonly stored: true; readonly id: number } | { readonly stored: false };

/** A hash of the client's address: enough to tell clients apart, not to recover the address. */
export function clientKey(address: string): string {
  return createHash('sha256').update(`chanterlab-form-client:${address}`).digest('hex');
}

function firstMessage(error: { issues: ReadonlyArray<{ message: string }> }): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

export async function submitForm(
  database: Database,
  captcha: CaptchaService | HumanCheckService,
  body: FormBody,
  client: {
    address: string;
    now?: number;
    /** Called once the submission is valid, before it is stored: the daily cap (13.10). */
    beforeStore?: () => Promise<void>;
  },
  ownerMail?: OwnerMail,
): Promise<SubmitOutcome> {
  const formName = body['form-name'];
  if (!formNames.includes(formName as FormName)) {
    throw badRequest(formMessages.unknownForm, 'unknown_form');
  }
  const form = formName as FormName;
  // Spec §5 'The honeypot field must be empty': a filled one is a bot, told nothing.
  if ((body[HONEYPOT_FIELD[form]] ?? '') !== '') return { stored: false };

  const values =
    form === CONTACT_FORM_NAME
      ? contactSchema.safeParse(body)
      : featureRequestSchema.safeParse(body);
  if (!values.success) throw badRequest(firstMessage(values.error), 'validation');

  const now = client.now ?? Date.now();
  const key = clientKey(client.address);
  const { db } = database;
  // Spec §5/§9: another submission within 60 seconds is rejected, per form.
  const since = new Date(now - RESUBMIT_WAIT_SECONDS * 1000).toISOString();
  const [latest] = await db
    .select({ created_at: form_submissions.created_at })
    .from(form_submissions)
    .where(
      and(
        eq(form_submissions.client_key, key),
        eq(form_submissions.form, form),
        gt(form_submissions.created_at, since),
      ),
    )
    .orderBy(desc(form_submissions.created_at))
    .limit(1);
  if (latest) {
    const wait = Math.max(1, secondsToWait(Date.parse(latest.created_at), now));
    throw tooManyRequests(waitMessage(wait), wait);
  }

  if (form === FEATURE_REQUEST_FORM_NAME) {
    const verdict = await captcha.verify(body[HUMAN_CHECK_FIELD]);
    if (!verdict.ok) {
      throw humanCheckRefusal('provider' in captcha ? captcha.provider : 'altcha', verdict.reason);
    }
  }

  await client.beforeStore?.();
  const data = values.data as Partial<Record<string, string | undefined>>;
  const [row] = await db
    .insert(form_submissions)
    .values({
      form,
      name: data.name ?? null,
      email: data.email as string,
      message: data.message ?? null,
      type: data.type ?? null,
      title: data.title ?? null,
      description: data.description ?? null,
      browser: data.browser || null,
      client_key: key,
      created_at: new Date(now).toISOString(),
    })
    .returning({ id: form_submissions.id });
  await ownerMail?.forward(
    form === CONTACT_FORM_NAME
      ? {
          subject: 'Chanterlab contact form',
          replyTo: data.email,
          lines: [
            ['Name', data.name],
            ['Email', data.email],
            ['Message', data.message],
          ],
        }
      : {
          subject: `Chanterlab ${data.type === 'bug' ? 'bug report' : 'feature request'}: ${data.title}`,
          replyTo: data.email,
          lines: [
            ['Type', data.type],
            ['Title', data.title],
            ['Email', data.email],
            ['Browser', data.browser],
            ['Description', data.description],
          ],
        },
  );
  return { stored: true, id: row?.id as number };
}

export async function listSubmissions(
  database: Database,
  query: { form?: FormName | undefined; limit: number; offset: number },
): Promise<{ data: StoredSubmission[]; count: number }> {
  const { db } = database;
  const where = query.form ? eq(form_submissions.form, query.form) : undefined;
  const rows = await db
    .select({
      id: form_submissions.id,
      form: form_submissions.form,
      name: form_submissions.name,
      email: form_submissions.email,
      message: form_submissions.message,
      type: form_submissions.type,
      title: form_submissions.title,
      description: form_submissions.description,
      browser: form_submissions.browser,
      created_at: form_submissions.created_at,
    })
    .from(form_submissions)
    .where(where)
    .orderBy(desc(form_submissions.created_at), desc(form_submissions.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(form_submissions).where(where);
  return { data: rows as StoredSubmission[], count: Number(total?.n ?? 0) };
}
