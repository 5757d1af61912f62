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
