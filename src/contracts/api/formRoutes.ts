/**
 * The site's forms (spec §7 'Contact form', 'Feature request') and the human check's
 * challenge, defined once (issue 15 item 1). Forms post urlencoded to '/', as the spec's
 * forms host took them; the server keeps its own parser for that.
 */
import { z } from 'zod';
import { CAPTCHA_CHALLENGE_PATH } from '../forms.ts';
import { defineRoute } from './apiRoute.ts';

export const formRoutes = {
  submit: defineRoute({
    method: 'POST',
    pattern: '/',
    summary: 'Submit the contact or feature-request form (urlencoded, human check, daily cap)',
    envelope: 'bare',
    // Field rules per form: contactSchema and featureRequestSchema (src/contracts/forms.ts).
    body: z.record(z.string(), z.string()),
    response: z.object({ ok: z.literal(true) }),
  }),
  captchaChallenge: defineRoute({
    method: 'GET',
    pattern: CAPTCHA_CHALLENGE_PATH,
    summary: 'A fresh ALTCHA proof-of-work challenge',
    envelope: 'bare',
    response: z.looseObject({ algorithm: z.string().optional() }),
  }),
} as const;
