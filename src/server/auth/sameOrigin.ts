import type { FastifyRequest } from 'fastify';
import { forbidden } from '../services/errors.ts';

/**
 * Cookie-authenticated writes must come from our own pages (CSRF; DESIGN.md 'POSTs need an
 * Origin header'). better-auth checks this too, except under NODE_ENV=test; this check holds
 * everywhere. Browsers send Origin with every POST, PATCH and DELETE.
 */
export function requireSameOrigin(request: FastifyRequest, origins: readonly string[]): void {
  const origin = request.headers.origin;
  if (!origin || !origins.some((allowed) => new URL(allowed).origin === origin)) {
    throw forbidden('This request must come from the site itself.', 'invalid_origin');
  }
}

/**
 * A write that carries a signed-in session must come from our pages too (issue 13, item 13:
 * the data API and /api/scores, like the account and admin routes). Without a session — an
 * anonymous visitor, or a script presenting ADMIN_TOKEN as a bearer token and no cookie — a
 * request borrows no ambient authority: a browser attaches no Authorization header to a
 * cross-site request (it is not CORS-safelisted, and this server answers no preflight), so a
 * forged request could do nothing its sender cannot do directly. A bearer call that also
 * sends a session cookie is checked like any other cookie call.
 */
export function requireSameOriginForSession(
  request: FastifyRequest,
  origins: readonly string[],
): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  if (!request.sessionUser) return;
  requireSameOrigin(request, origins);
}
