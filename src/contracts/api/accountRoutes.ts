/**
 * The account operations (issue 8 part 1; spec §7 'Authentication'), defined once for the
 * server (src/server/routes/auth.ts, authAccount.ts) and the browser (issue 15 item 1).
 * better-auth serves the rest of /api/auth/* itself; the calls the app makes to it are
 * defined here too, so no call site types their paths.
 *
 * The paths stay in accountApi.ts (no zod): the first page's session store reads them
 * (ADR 020, the entry's byte budget).
 */
import { z } from 'zod';
import {
  AUTH_API,
  accountApi,
  claimScoresSchema,
  magicLinkRequestSchema,
  updateProfileSchema,
} from '../account.ts';
import { defineRoute } from './apiRoute.ts';
import { highScoreSchema } from './scoresRoutes.ts';

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(z.string()).readonly(),
});

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  initials: z.string().nullable(),
  roles: z.array(z.string()).readonly(),
  localUserId: z.string().nullable(),
  createdAt: z.string(),
});

/** better-auth's own answers: read loosely, they are its to change. */
const betterAuthAnswer = z.looseObject({});

export const accountRoutes = {
  session: defineRoute({
    method: 'GET',
    pattern: accountApi.session,
    summary: "The visitor's session: { user } or { user: null } (read at every load)",
    envelope: 'bare',
    response: z.object({ user: sessionUserSchema.nullable() }),
  }),
  options: defineRoute({
    method: 'GET',
    pattern: accountApi.options,
    summary: 'Which sign-in methods this site offers',
    envelope: 'bare',
    response: z.object({
      google: z.boolean(),
      outbox: z.boolean(),
      mailboxVisible: z.boolean(),
    }),
  }),
  outbox: defineRoute({
    method: 'GET',
    pattern: accountApi.outbox,
    summary: 'The local mail outbox (development, or administrators)',
    envelope: 'bare',
    query: z.object({ to: z.string().optional() }),
    response: z.object({
      messages: z.array(
        z.object({
          id: z.number(),
          to: z.string(),
          subject: z.string(),
          text: z.string(),
          createdAt: z.string(),
        }),
      ),
    }),
  }),
  me: defineRoute({
    method: 'GET',
    pattern: accountApi.me,
    summary: "The signed-in user's own profile",
    auth: 'user',
    envelope: 'bare',
    response: profileSchema,
  }),
  updateMe: defineRoute({
    method: 'PATCH',
    pattern: accountApi.me,
    summary: 'Change your initials',
    auth: 'user',
    envelope: 'bare',
    body: updateProfileSchema,
    response: profileSchema,
  }),
  deleteMe: defineRoute({
    method: 'DELETE',
    pattern: accountApi.me,
    summary: 'Delete your account, its sessions and its mail',
    auth: 'user',
    envelope: 'bare',
    response: z.object({ ok: z.literal(true) }),
  }),
  scores: defineRoute({
    method: 'GET',
    pattern: accountApi.scores,
    summary: "The signed-in user's scores",
    auth: 'user',
    envelope: 'bare',
    response: z.object({ scores: z.array(highScoreSchema) }),
  }),
  claimScores: defineRoute({
    method: 'POST',
    pattern: accountApi.claimScores,
    summary: "Claim this device's anonymous scores for your account",
    auth: 'user',
    envelope: 'bare',
    body: claimScoresSchema,
    response: z.object({ claimed: z.number() }),
  }),
  magicLink: defineRoute({
    method: 'POST',
    pattern: `${AUTH_API}/sign-in/magic-link`,
    summary: 'Email a one-time sign-in link (human check, per-client and per-address limits)',
    envelope: 'bare',
    body: magicLinkRequestSchema,
    response: betterAuthAnswer,
  }),
  // Served by better-auth's catch-all (/api/auth/*), called by the app's sign-in screens.
  socialSignIn: defineRoute({
    method: 'POST',
    pattern: `${AUTH_API}/sign-in/social`,
    summary: 'Start Google sign-in: answers the provider address to open (better-auth)',
    envelope: 'bare',
    body: z.object({
      provider: z.literal('google'),
      callbackURL: z.string(),
      errorCallbackURL: z.string(),
    }),
    response: z.looseObject({ url: z.string().optional() }),
  }),
  verifyMagicLink: defineRoute({
    method: 'GET',
    pattern: `${AUTH_API}/magic-link/verify`,
    summary: "Exchange an emailed link's token for a session (better-auth)",
    envelope: 'bare',
    query: z.object({ token: z.string() }),
    response: z.unknown(),
  }),
  signOut: defineRoute({
    method: 'POST',
    pattern: accountApi.signOut,
    summary: 'Sign out (better-auth)',
    envelope: 'bare',
    body: z.object({}),
    response: z.unknown(),
  }),
} as const;
