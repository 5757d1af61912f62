/**
 * Wires the request-target policy (requestTarget.ts; issue 13 items 1 and 2) into Fastify:
 * `rewriteUrl` runs before the router, so the router, every hook and every handler see the
 * accepted origin-form target (`request.url`) — never an absolute-form target, a dot segment
 * or an encoded slash. A refused target is routed to '/' only so that no handler of the
 * original path runs; the first onRequest hook then answers 400 before any other hook.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../services/errors.ts';
import { requestTarget } from './requestTarget.ts';

/** The 400 every refused target gets (issue 13.1). */
export const invalidRequestTarget = () =>
  badRequest('This address is not in a form this server accepts.', 'invalid_request_target');

const refused = new WeakMap<IncomingMessage, string>();

/** Fastify's `rewriteUrl` option. */
export function rewriteRequestTarget(req: IncomingMessage): string {
  const target = requestTarget(req.url ?? '');
  if (target.ok) return target.url;
  refused.set(req, target.reason);
  return '/';
}

/** Adds the hook that refuses what rewriteRequestTarget marked; call it before other hooks. */
export function refuseBadRequestTargets(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const reason = refused.get(request.raw);
    if (reason === undefined) return;
    request.log.info(
      { target: request.originalUrl.slice(0, 300), reason },
      'refused request target',
    );
    throw invalidRequestTarget();
  });
}
