/**
 * The account API's paths and answers (issue 8 part 1), without zod: the layout's session
 * store imports this, and the first page has a byte budget. Schemas live in account.ts.
 */
export const AUTH_API = '/api/auth';

export const accountApi = {
  /** The visitor's session as the app needs it: `{ user: SessionUser | null }`. */
  session: '/api/account/session',
  /** What sign-in methods this site offers: `AccountOptions`. */
  options: '/api/account/options',
  /** The signed-in user's own profile (GET, PATCH, DELETE). */
  me: '/api/account',
  /** The signed-in user's scores. */
  scores: '/api/account/scores',
  /** Link this device's anonymous id to the account and claim its anonymous scores. */
  claimScores: '/api/account/claim-scores',
  /** Administrators: the users list and actions on one user. */
  adminUsers: '/api/admin/users',
  /** The local outbox (development, or administrators). */
  outbox: '/api/dev/outbox',
  /** better-auth's sign-out, which the first page's session store calls. */
  signOut: `${AUTH_API}/sign-out`,
} as const;

export const adminUserPath = (id: string, action: 'ban' | 'unban' | 'role') =>
  `${accountApi.adminUsers}/${encodeURIComponent(id)}/${action}`;

/** Spec §3 'User session: a user whose metadata has a roles list'. */
export interface SessionUser {
  readonly id: string;
  readonly email: string;
  readonly roles: readonly string[];
}

export interface SessionAnswer {
  readonly user: SessionUser | null;
}

export interface AccountOptions {
  /** Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  readonly google: boolean;
  /** Mail goes to the local outbox (no SMTP_URL); /dev/mailbox lists it in development. */
  readonly outbox: boolean;
  readonly mailboxVisible: boolean;
}

export interface Profile {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly initials: string | null;
  readonly roles: readonly string[];
  readonly localUserId: string | null;
  readonly createdAt: string;
}
