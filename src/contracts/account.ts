/**
 * Accounts, shared by the web app and the server (issue 8 part 1; spec §3 'User session', §4
 * 'Authentication', §6, §7 'Authentication', §8 'Authentication'). The browser reaches
 * better-auth under /api/auth and our own account endpoints below.
 */
import { z } from 'zod';
import { initialsProblem } from './initials.ts';
import { MAX_CLAIM_SESSIONS } from './scoreClaims.ts';

export {
  AUTH_API,
  accountApi,
  adminUserPath,
  type AccountOptions,
  type Profile,
  type SessionAnswer,
  type SessionUser,
} from './accountApi.ts';

export const roleNames = ['user', 'admin'] as const;
export type RoleName = (typeof roleNames)[number];

export { INITIALS_MAX } from './initials.ts';

/**
 * Spec §5 'Initials: at most 3 characters, upper-cased' — the shared rule of initials.ts
 * (3 graphemes, no hidden characters; issue 13.11). Blank clears the initials.
 */
export const initialsSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const clean = value.normalize('NFC').toUpperCase();
    const problem = initialsProblem(clean);
    if (problem === null) return clean;
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  });

export const updateProfileSchema = z.object({ initials: initialsSchema }).strict();
/**
 * A claim names the device and proves each score: the game session ids of the scores this
 * device submitted, which only the device knows (public score rows carry the device id, never
 * the session id). At most the 500 a device remembers.
 */
export const claimScoresSchema = z
  .object({
    localUserId: z.uuid(),
    sessionIds: z.array(z.uuid()).max(MAX_CLAIM_SESSIONS).default([]),
  })
  .strict();
export const banSchema = z.object({ reason: z.string().trim().max(500).optional() }).strict();
export const setRoleSchema = z.object({ role: z.enum(roleNames) }).strict();
export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(320).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** Body of POST /api/auth/sign-in/magic-link as the Auth screen sends it. */
export const magicLinkRequestSchema = z.object({
  email: z.email('Please enter a valid email address.').max(320),
  callbackURL: z.string().max(2000).optional(),
  altcha: z.string().max(10_000).optional(),
});

export interface AdminUserRow {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly string[];
  readonly banned: boolean;
  readonly banReason: string | null;
  readonly createdAt: string;
}

export interface OutboxMessage {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly createdAt: string;
}

/** Spec §7 'Authentication' messages and the Auth form's (spec §5). */
export const authMessages = {
  emailRequired: 'Please enter your email.',
  linkSent: 'Magic link sent! Please check your email.',
  linkFailed: 'Failed to send magic link.',
  googleFailed: 'Google sign-in failed.',
  signingIn: 'Signing you in...',
  googleNotEnabled: 'Google sign-in has not been enabled on this site.',
  tooManyLinks: 'Too many sign-in links were asked for this address. Please try again later.',
  banned: 'This account has been blocked.',
} as const;

/** Spec §4: the callback waits about 50 ms before going to the target. */
export const POST_LOGIN_DELAY_MS = 50;

/** The roles of a user record: its role list, plus 'banned' while a ban holds (spec §4). */
export function rolesOf(user: {
  role?: string | null;
  banned?: boolean | null;
  banExpires?: Date | string | null;
}): string[] {
  const roles = (user.role ?? 'user')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const expires = user.banExpires ? new Date(user.banExpires).getTime() : null;
  if (user.banned && (expires === null || expires > Date.now())) roles.push('banned');
  return roles;
}
