/**
 * The contact and feature-request forms, shared by the web screens and the server (spec §3
 * 'Forms', §5 'Contact form' / 'Feature request form', §7, §8 'Contact and feature request',
 * §9). Both POST to the site root, urlencoded, with a hidden `form-name` and a honeypot.
 */
import { z } from 'zod';
import { isStorableText, unstorableMessage } from './storableText.ts';

/** Spec §9: form resubmission wait (contact, feature request). */
export const RESUBMIT_WAIT_SECONDS = 60;
/** Spec §9: contact message minimum. */
export const CONTACT_MESSAGE_MIN = 10;
/** Spec §9: feature title minimum / description minimum. */
export const FEATURE_TITLE_MIN = 3;
export const FEATURE_DESCRIPTION_MIN = 10;

/** Generous upper bounds (spec: not shown) so one submission cannot fill the table. */
export const FIELD_MAX = { name: 200, email: 320, title: 200, text: 10_000, browser: 300 };

export const CONTACT_FORM_NAME = 'contact';
/** Spec §3: the feature request's form-name is 'feature-request'. */
export const FEATURE_REQUEST_FORM_NAME = 'feature-request';
export const formNames = [CONTACT_FORM_NAME, FEATURE_REQUEST_FORM_NAME] as const;
export type FormName = (typeof formNames)[number];

/** Spec §3: the contact honeypot is `honeypot`, the feature request's is `bot-field`. */
export const HONEYPOT_FIELD: Record<FormName, string> = {
  contact: 'honeypot',
  'feature-request': 'bot-field',
};
/** The field that carries the human-check (ALTCHA) payload. */
export const HUMAN_CHECK_FIELD = 'altcha';

export const requestTypes = ['feature', 'bug'] as const;
export type RequestType = (typeof requestTypes)[number];

/** Every message the two forms show (spec §5, §8; required-field wording is ours: not shown). */
export const formMessages = {
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  messageRequired: 'Message is required.',
  messageTooShort: `Message must be at least ${CONTACT_MESSAGE_MIN} characters long.`,
  invalidEmail: 'Please enter a valid email address.',
  titleRequired: 'Title is required.',
  titleTooShort: `Title must be at least ${FEATURE_TITLE_MIN} characters long.`,
  descriptionRequired: 'Description is required.',
  descriptionTooShort: `Description must be at least ${FEATURE_DESCRIPTION_MIN} characters long.`,
  typeRequired: 'Please choose a feature request or a bug report.',
  /** Spec §5 'names the captcha provider's widget'. */
  humanCheckRequired: 'Please complete the ALTCHA human check.',
  humanCheckFailed: 'The ALTCHA human check could not be verified. Please verify again.',
  humanCheckUsed: 'This ALTCHA human check was already used. Please verify again.',
  contactFailed: 'Failed to send message. Please try again later.',
  featureRequestFailed: 'Failed to send request. Please try again later.',
  unknownForm: 'Unknown form.',
  tooLong: 'This field is too long.',
} as const;

/** Spec §5: 'Please wait {n} seconds before submitting again.' */
export function waitMessage(seconds: number): string {
  return `Please wait ${seconds} seconds before submitting again.`;
}

/** Spec §2.3: the feature-request submit button during the cooldown. */
export function waitButtonLabel(seconds: number): string {
  return `Wait ${seconds}s to submit again`;
}

/** Whole seconds left of the wait after a submission at `last` (ms); 0 when it is over. */
export function secondsToWait(last: number, now: number): number {
  if (!last || !Number.isFinite(last)) return 0;
  const left = last + RESUBMIT_WAIT_SECONDS * 1000 - now;
  // A last time in the future (a clock set back) never means more than the full wait.
  return left > 0 ? Math.min(RESUBMIT_WAIT_SECONDS, Math.ceil(left / 1000)) : 0;
}

/** Spec §5: the email must contain an at sign and a dot — that rule, nothing stricter. */
export function looksLikeEmail(value: string): boolean {
  return value.includes('@') && value.includes('.');
}

/**
 * A typed field: required, bounded, and refused with the field's name when it holds text
 * PostgreSQL cannot store — NUL, a lone surrogate (issue 13.9, storableText.ts).
 */
const text = (label: string, required: string, max: number) =>
  z
    .string({ error: required })
    .refine(isStorableText, unstorableMessage(label))
    .trim()
    .min(1, required)
    .max(max, formMessages.tooLong);

const email = text('Email', formMessages.emailRequired, FIELD_MAX.email).refine(looksLikeEmail, {
  message: formMessages.invalidEmail,
});

export const contactSchema = z.object({
  name: text('Name', formMessages.nameRequired, FIELD_MAX.name),
  email,
  message: text('Message', formMessages.messageRequired, FIELD_MAX.text).min(
    CONTACT_MESSAGE_MIN,
    formMessages.messageTooShort,
  ),
});
export type ContactFields = z.infer<typeof contactSchema>;

export const featureRequestSchema = z
  .object({
    type: z.enum(requestTypes, { error: formMessages.typeRequired }),
    title: text('Title', formMessages.titleRequired, FIELD_MAX.title).min(
      FEATURE_TITLE_MIN,
      formMessages.titleTooShort,
    ),
    email,
    description: text('Description', formMessages.descriptionRequired, FIELD_MAX.text).min(
      FEATURE_DESCRIPTION_MIN,
      formMessages.descriptionTooShort,
    ),
    browser: z
      .string()
      .refine(isStorableText, unstorableMessage('Browser'))
      .trim()
      .max(FIELD_MAX.browser, formMessages.tooLong)
      .optional(),
  })
  // Spec §3: browser is sent for bugs only.
  .transform((v) => (v.type === 'bug' ? v : { ...v, browser: undefined }));
export type FeatureRequestFields = z.infer<typeof featureRequestSchema>;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message for each failing field, in the form's field order. */
export function fieldErrors<K extends string>(schema: z.ZodType, values: unknown): FieldErrors<K> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** What POST / answers (src/server/routes/forms.ts). */
export interface FormSubmissionAnswer {
  readonly ok: true;
}

/** One stored submission as the admin endpoint lists it. */
export interface StoredSubmission {
  readonly id: number;
  readonly form: FormName;
  readonly name: string | null;
  readonly email: string;
  readonly message: string | null;
  readonly type: RequestType | null;
  readonly title: string | null;
  readonly description: string | null;
  readonly browser: string | null;
  readonly created_at: string;
}

export const ADMIN_SUBMISSIONS_PATH = '/api/admin/submissions';
export const CAPTCHA_CHALLENGE_PATH = '/api/captcha/challenge';

export const adminSubmissionsQuerySchema = z.object({
  form: z.enum(formNames).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
