/**
 * Sign-in (issue 8 part 1; spec §7 'Authentication'): better-auth mounted under /api/auth,
 * with our checks in front of the magic-link request — the human check (single-use ALTCHA),
 * a per-client and a per-address limit, and a same-site callback — plus the app's tiny
 * session read, the sign-in options and the local outbox.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_API,
  authMessages,
  magicLinkRequestSchema,
  type AccountOptions,
  type OutboxMessage,
  type SessionAnswer,
} from '../../contracts/account.ts';
import { humanCheckText } from '../../contracts/humanCheck.ts';
import { accountRoutes as routes } from '../../contracts/api/accountRoutes.ts';
import { routeOf } from '../http/registerRoute.ts';
import type { Database } from '../db/client.ts';
import type { Auth } from '../auth/createAuth.ts';
import { allowLinkRequest } from '../auth/linkRequests.ts';
import { requireSameOrigin } from '../auth/sameOrigin.ts';
import type { HumanCheckService } from '../services/remoteHumanCheck.ts';
import { ApiError, badRequest, notFound, tooManyRequests } from '../services/errors.ts';
import { requestTarget } from '../http/requestTarget.ts';
import { invalidRequestTarget } from '../http/requestTargetPolicy.ts';
import { validate } from './validate.ts';
import { PRIVATE_READ } from '../../contracts/offline.ts';

export interface AuthRouteOptions {
  auth: Auth;
  database: Database;
  captcha: HumanCheckService;
  siteUrl: string;
  /** Origins besides the site's a callback may name (the Vite dev server). */
  extraOrigins: readonly string[];
  google: boolean;
  /** The outbox is listed to anyone (development); otherwise to administrators only. */
  mailboxOpen: boolean;
  /** Sign-in links one client may ask for per minute. */
  linksPerClientPerMinute: number;
}

const MAGIC_LINK_PATH = routes.magicLink.pattern;

/**
 * better-auth endpoints that only the routes above may reach, each after its own checks
 * (issue 13.1). The catch-all refuses them in any letter case or with trailing slashes, so a
 * better-auth upgrade that matched paths more loosely would still not skip a check.
 */
const GUARDED_AUTH_PATHS = new Set([MAGIC_LINK_PATH]);

const guarded = (path: string) => GUARDED_AUTH_PATHS.has(path.toLowerCase().replace(/\/+$/, ''));

/**
 * Hands a Fastify request to better-auth's fetch handler and copies its answer back. `target`
 * is the path (and query) that was checked (issue 13.1): better-auth gets exactly that, and a
 * URL parser that would spell it differently stops the request instead.
 */
async function forward(
  auth: Auth,
  siteUrl: string,
  target: { path: string; query: string },
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
) {
  const url = new URL(`${target.path}${target.query}`, siteUrl);
  if (url.pathname !== target.path) {
    throw invalidRequestTarget();
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'host') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // better-auth records the client address of a session; give it the one Fastify trusts.
  headers.set('x-forwarded-for', request.ip);
  const init: RequestInit = { method: request.method, headers };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(body ?? {});
  }
  const response = await auth.handler(new Request(url, init));
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (!['set-cookie', 'content-length', 'content-encoding'].includes(name)) {
      reply.header(name, value);
    }
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  reply.header('cache-control', 'no-store');
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/** A callback on this site (relative, or absolute on an allowed origin). */
function sameSite(callback: string, allowed: readonly string[]): boolean {
  try {
    const url = new URL(callback, allowed[0]);
    return allowed.some((origin) => new URL(origin).origin === url.origin);
  } catch {
    return false;
  }
}

export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions) {
  const { auth, captcha, siteUrl } = options;
  const origins = [siteUrl, ...options.extraOrigins];

  // Handlers kept (better-auth forwards, cookies); method and path from accountRoutes.ts.
  app.route({
    ...routeOf(routes.magicLink),
    config: {
      rateLimit: { max: options.linksPerClientPerMinute, timeWindow: '1 minute' },
    },
    handler: async (request, reply) => {
      requireSameOrigin(request, origins);
      const body = validate(magicLinkRequestSchema, request.body);
      const verdict = await captcha.verify(body.altcha);
      if (!verdict.ok) {
        const text = humanCheckText(captcha.provider);
        const message =
          verdict.reason === 'missing'
            ? text.required
            : verdict.reason === 'used'
              ? text.used
              : text.failed;
        throw badRequest(message, `captcha_${verdict.reason}`);
      }
      if (body.callbackURL && !sameSite(body.callbackURL, origins)) {
        throw badRequest('The sign-in callback must be on this site.', 'callback');
      }
      const share = await allowLinkRequest(options.database, body.email);
      if (!share.allowed) {
        // Issue 13 item 13: one code for every limit; the message stays the address's own.
        throw tooManyRequests(authMessages.tooManyLinks, share.retryAfterSeconds);
      }
      // Only the body checked above, on the path the route was registered for (issue 13.1).
      return forward(auth, siteUrl, { path: MAGIC_LINK_PATH, query: '' }, request, reply, {
        email: body.email,
        ...(body.callbackURL ? { callbackURL: body.callbackURL } : {}),
      });
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_API}/*`,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: (request, reply) => {
      // request.url is already the one accepted spelling (http/requestTarget.ts); decide and
      // forward on the same parsed path.
      const target = requestTarget(request.url);
      if (!target.ok) {
        throw invalidRequestTarget();
      }
      if (guarded(target.path)) throw notFound('Not found');
      if (request.method !== 'GET') requireSameOrigin(request, origins);
      return forward(auth, siteUrl, target, request, reply, request.body);
    },
  });

  app.route({
    ...routeOf(routes.session),
    handler: async (request, reply): Promise<SessionAnswer> => {
      // Kept by this browser's worker only (issue 18 item 1): offline, the app still knows who
      // is signed in and opens their playlists; signing out clears it (clearUserCaches.ts).
      reply.header('cache-control', PRIVATE_READ);
      const user = request.sessionUser;
      if (user && request.headers.cookie) {
        // The app reads this at every load: let better-auth extend the session and its cookie
        // (its updateAge rule), as its own get-session endpoint would.
        const { headers } = await auth.api.getSession({
          headers: new Headers({ cookie: request.headers.cookie }),
          returnHeaders: true,
        });
        const cookies = headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
      }
      return { user: user ? { id: user.id, email: user.email, roles: user.roles } : null };
    },
  });

  app.route({
    ...routeOf(routes.options),
    handler: async (): Promise<AccountOptions> => {
      const outbox = app.mailer.transport === 'outbox';
      return { google: options.google, outbox, mailboxVisible: outbox && options.mailboxOpen };
    },
  });

  app.route<{ Querystring: { to?: string } }>({
    ...routeOf(routes.outbox),
    handler: async (request, reply): Promise<{ messages: OutboxMessage[] }> => {
      // In production the outbox holds live sign-in links: administrators only, and hidden.
      if (!options.mailboxOpen && request.actor.kind !== 'admin') {
        throw new ApiError(404, 'not_found', 'Not found');
      }
      reply.header('cache-control', 'no-store');
      const to = typeof request.query.to === 'string' ? request.query.to : undefined;
      const messages = await app.mailer.outbox({ ...(to ? { to } : {}), limit: 50 });
      return {
        messages: messages.map(({ id, to: address, subject, text, createdAt }) => ({
          id,
          to: address,
          subject,
          text,
          createdAt,
        })),
      };
    },
  });
}
