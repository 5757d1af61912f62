/**
 * Who is calling, decided on the server for every request (spec §6; DESIGN 'no secret ever
 * reaches the browser'). Administrators present ADMIN_TOKEN as a bearer token or are signed in
 * with the role 'admin'; other signed-in users are 'user' actors. A banned user's API calls are
 * refused here, for every route (issue 8: 'a client redirect alone protects nothing'), except
 * the few that let the app learn it is banned and sign out.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rolesOf } from '../../contracts/account.ts';
import type { Actor } from '../services/tableRegistry.ts';
import { ApiError } from '../services/errors.ts';
import { isApiPath, requestTarget } from '../http/requestTarget.ts';
import { AUTH_API } from '../../contracts/accountApi.ts';
import { accountRoutes } from '../../contracts/api/accountRoutes.ts';
import { systemRoutes } from '../../contracts/api/systemRoutes.ts';

/** The signed-in user behind a request, read from the session table on each request. */
export interface SessionUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly string[];
  readonly initials: string | null;
  readonly localUserId: string | null;
  readonly createdAt: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    sessionUser: SessionUser | null;
  }
}

/** Reads the session a request's cookie names; null when there is none. */
export type SessionResolver = (request: FastifyRequest) => Promise<SessionUser | null>;

/** What a banned user may still call: learn the state, sign out, load the app's config. */
export const BANNED_ALLOWED = new Set([
  accountRoutes.session.pattern,
  // better-auth's own session read (its catch-all; not one of our contracts).
  `${AUTH_API}/get-session`,
  accountRoutes.signOut.pattern,
  systemRoutes.config.pattern,
  systemRoutes.health.pattern,
]);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function actorFrom(request: FastifyRequest, adminToken: string | undefined): Actor {
  const header = request.headers.authorization;
  if (adminToken && header?.startsWith('Bearer ') && sameSecret(header.slice(7), adminToken)) {
    return { kind: 'admin' };
  }
  const user = request.sessionUser;
  if (user && !user.roles.includes('banned')) {
    if (user.roles.includes('admin')) return { kind: 'admin' };
    return { kind: 'user', userId: user.id, roles: user.roles };
  }
  return { kind: 'anonymous' };
}

/** A cookie header that may carry a better-auth session (plain or __Secure- prefixed). */
function mayHaveSession(request: FastifyRequest): boolean {
  return request.headers.cookie?.includes('session_token') ?? false;
}

export const actorPlugin = fp(
  async (
    app: FastifyInstance,
    options: { adminToken: string | undefined; resolveSession?: SessionResolver },
  ) => {
    app.decorateRequest('sessionUser', null);
    // Derived from the request on each read: nothing a handler could forget to set.
    app.decorateRequest('actor', {
      getter(this: FastifyRequest) {
        return actorFrom(this, options.adminToken);
      },
    });
    const resolve = options.resolveSession;
    if (!resolve) return;
    app.addHook('onRequest', async (request) => {
      // Issue 13.2: decided on the parsed path, whatever form the request target came in
      // (`POST http://host/api/auth/update-user` once skipped this check). The server's
      // target policy already reduced request.url to origin-form; parsing it again here keeps
      // this check sound on its own. A target it cannot parse counts as an API call.
      const target = requestTarget(request.url);
      const path = target.ok ? target.path : null;
      // Pages and assets load for everyone: the app must start to tell a banned user so.
      if ((path !== null && !isApiPath(path)) || !mayHaveSession(request)) return;
      const user = await resolve(request);
      request.sessionUser = user;
      if (!user || !user.roles.includes('banned')) return;
      if (path === null || !BANNED_ALLOWED.has(path)) {
        throw new ApiError(403, 'banned', 'You have been blocked from accessing this site.');
      }
    });
  },
  { name: 'actor' },
);

/** Builds a SessionUser from better-auth's user record (with the admin plugin's fields). */
export function sessionUserFrom(user: {
  id: string;
  email: string;
  name?: string | null;
  role?: string | null;
  banned?: boolean | null;
  banExpires?: Date | string | null;
  initials?: string | null;
  localUserId?: string | null;
  createdAt?: Date | string | null;
}): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name ?? '',
    roles: rolesOf(user),
    initials: user.initials ?? null,
    localUserId: user.localUserId ?? null,
    createdAt: new Date(user.createdAt ?? Date.now()).toISOString(),
  };
}
