/**
 * better-auth on our database (issue 8 part 1; DESIGN.md 'auth'): the drizzle adapter over the
 * hand-written schema (src/server/db/schema/auth.ts), sign-in by emailed one-time link, Google
 * when configured, and the admin plugin's user fields and ban check. Mounted under /api/auth
 * by src/server/routes/auth.ts; nothing here reaches the browser.
 */
import { randomUUID } from 'node:crypto';
// 'minimal': without Kysely, which the drizzle adapter does not use (~15 MB less RSS; issue 13
// item 15). Plugins from their own entry points: 'better-auth/plugins' loads all of them.
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import { magicLink } from 'better-auth/plugins/magic-link';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authAccount, authSession, authUser, authVerification } from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { magicLinkMail } from './magicLinkMail.ts';
import { MAGIC_LINK_TTL_SECONDS } from './magicLinkTtl.ts';

export const AUTH_BASE_PATH = '/api/auth';

export interface AuthOptions {
  database: Database;
  mailer: Mailer;
  secret: string;
  /** The public origin of the site, e.g. https://chanterlab.org. */
  siteUrl: string;
  /** Origins besides siteUrl allowed to POST (the Vite dev server in development). */
  extraOrigins?: readonly string[];
  google?: { clientId: string; clientSecret: string } | undefined;
  /** Addresses that are made administrators when they sign in (ADMIN_EMAILS). */
  adminEmails?: readonly string[];
  /** Secure cookies (https sites). */
  secureCookies?: boolean;
}

export function parseAdminEmails(value: string): string[] {
  return value
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e.includes('@'));
}

export function createAuth(options: AuthOptions) {
  const { database, mailer, siteUrl } = options;
  const adminEmails = new Set((options.adminEmails ?? []).map((e) => e.toLowerCase()));
  const isAdminEmail = (email: string) => adminEmails.has(email.toLowerCase());

  return betterAuth({
    appName: 'Chanterlab',
    baseURL: siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: [siteUrl, ...(options.extraOrigins ?? [])],
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
      },
    }),
    telemetry: { enabled: false },
    // Our own per-client and per-address limits run in Fastify (routes/auth.ts), which knows
    // the client address the way the rest of the API does (TRUST_PROXY).
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: options.secureCookies ?? siteUrl.startsWith('https://'),
    },
    session: {
      // A cached cookie would hide a ban or a role change for minutes; read the table.
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        initials: { type: 'string', required: false, input: false },
        localUserId: { type: 'string', required: false, input: false },
      },
    },
    ...(options.google
      ? {
          socialProviders: {
            google: {
              clientId: options.google.clientId,
              clientSecret: options.google.clientSecret,
              // Spec §7: 'offline access and a consent prompt'.
              accessType: 'offline' as const,
              prompt: 'consent' as const,
            },
          },
        }
      : {}),
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, ...(isAdminEmail(user.email) ? { role: 'admin' } : {}) },
          }),
        },
      },
      session: {
        create: {
          // An address added to ADMIN_EMAILS later becomes an administrator at its next sign-in.
          after: async (session) => {
            if (adminEmails.size === 0) return;
            const [row] = await database.db
              .select({ email: authUser.email, role: authUser.role })
              .from(authUser)
              .where(eq(authUser.id, session.userId));
            if (row && isAdminEmail(row.email) && row.role !== 'admin') {
              await database.db
                .update(authUser)
                .set({ role: 'admin' })
                .where(eq(authUser.id, session.userId));
            }
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        // Stored hashed: a database reader cannot sign in with a pending link.
        storeToken: 'hashed',
        sendMagicLink: async ({ email, url, token }) => {
          await mailer.send(magicLinkMail({ email, verifyUrl: url, token, siteUrl }));
        },
      }),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
