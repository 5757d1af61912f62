/**
 * The Send Email dialog's relay (spec §2.4 'Send Email'; issue 8 part 4), defined once
 * (issue 15 item 1). The recipient is an id the server resolves.
 */
import { z } from 'zod';
import { SEND_EMAIL_PATH, sendEmailSchema } from '../sendEmail.ts';
import { defineRoute } from './apiRoute.ts';

export const sendEmailRoutes = {
  send: defineRoute({
    method: 'POST',
    pattern: SEND_EMAIL_PATH,
    summary: 'Relay a message to a recipient id (human check, per-minute and per-hour limits)',
    envelope: 'bare',
    body: sendEmailSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
