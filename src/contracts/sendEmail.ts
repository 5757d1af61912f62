/**
 * The Send Email dialog's relay (spec §2.4 'Send Email', §3 'Email send payload: message, sender
 * email, captcha token', §5 'Send Email dialog', §9 'Email send timeout 5000 ms'). The URL and
 * payload are ours (spec §7: not shown). The recipient is named by an id the server resolves:
 * the recipient's address never reaches the browser.
 */
import { z } from 'zod';
import { looksLikeEmail } from './forms.ts';
import { isStorableText, unstorableMessage } from './storableText.ts';

export const SEND_EMAIL_PATH = '/api/send-email';
/** Spec §9: email send timeout. */
export const SEND_EMAIL_TIMEOUT_MS = 5000;
/** Spec §9: email dialog maximum width. */
export const SEND_EMAIL_MAX_WIDTH = 420;
/** The recipient every deployment has: the site owner (SITE_OWNER_EMAIL). */
export const SITE_OWNER_RECIPIENT = 'site-owner';
export const SEND_EMAIL_MESSAGE_MAX = 5_000;

export const sendEmailMessages = {
  /** Spec §5, verbatim. */
  messageEmpty: 'Message cannot be empty.',
  emailRequired: 'Email is required.',
  invalidEmail: 'Please enter a valid email address.',
  sent: 'Your message has been sent.',
  failed: 'Failed to send the email. Please try again later.',
  timedOut: 'Sending the email took too long. Please try again later.',
  unknownRecipient: 'This recipient cannot be reached by email.',
  notConfigured: 'Sending email is not set up on this site yet.',
  tooLong: `The message must be at most ${SEND_EMAIL_MESSAGE_MAX} characters long.`,
} as const;

export const sendEmailSchema = z.object({
  recipientId: z.string().trim().min(1).max(100),
  message: z
    .string({ error: sendEmailMessages.messageEmpty })
    .refine(isStorableText, unstorableMessage('Message'))
    .trim()
    .min(1, sendEmailMessages.messageEmpty)
    .max(SEND_EMAIL_MESSAGE_MAX, sendEmailMessages.tooLong),
  email: z
    .string({ error: sendEmailMessages.emailRequired })
    .refine(isStorableText, unstorableMessage('Email'))
    .trim()
    .min(1, sendEmailMessages.emailRequired)
    .max(320, sendEmailMessages.invalidEmail)
    .refine(looksLikeEmail, sendEmailMessages.invalidEmail),
  /** The human-check token (ALTCHA payload, Turnstile or hCaptcha response). */
  captchaToken: z.string().max(20_000).optional(),
});
export type SendEmailInput = z.input<typeof sendEmailSchema>;

export interface SendEmailAnswer {
  readonly ok: true;
}
