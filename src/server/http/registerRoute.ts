/**
 * Registers one contract route (src/contracts/api/apiRoute.ts; issue 15 item 1) on Fastify:
 * the method and pattern come from the definition, the params, query and body are parsed with
 * its schemas (the first problem is a 400 naming the field — never a 500 for bad input), the
 * caller's right to call is checked before the handler runs, and the answer is sent in the
 * route's envelope. Routes stay thin: the handler calls a service with `db`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { ApiRoute } from '../../contracts/api/apiRoute.ts';
import type { SessionUser } from '../auth/actor.ts';
import { requireSameOriginForSession } from '../auth/sameOrigin.ts';
import type { Actor } from '../services/tableRegistry.ts';
import { ApiError } from '../services/errors.ts';
import { validate } from '../routes/validate.ts';

export interface RouteInput<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly actor: Actor;
  /** The signed-in user (null for anonymous callers and ADMIN_TOKEN scripts). */
  readonly user: SessionUser | null;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export interface RegisterOptions {
  /**
   * Site origins a cookie-carrying write may come from (issue 13 item 13). None by default:
   * a read needs none, and a write with a session cookie is then refused.
   */
  readonly origins?: readonly string[];
  /** Fastify route config, e.g. `{ rateLimit: { max, timeWindow } }`. */
  readonly config?: RouteShorthandOptions['config'];
  /** Largest body in bytes (default: the server's bound). */
  readonly bodyLimit?: number;
}

/** Checked in development and tests only: an answer that drifted from its schema is a bug. */
const checkAnswers = process.env.NODE_ENV !== 'production';

/**
 * The method and URL of a contract route, for a route that keeps its own handler (ETags, the
 * data API's public-key hook, urlencoded forms, a WebSocket, better-auth): its path is still
 * never typed by hand (issue 15 item 1).
 */
export function routeOf(route: ApiRoute): { method: ApiRoute['method']; url: string } {
  return { method: route.method, url: route.pattern };
}

export function requireCaller(route: ApiRoute, actor: Actor, user: SessionUser | null): void {
  if (route.auth === 'public') return;
  if (route.auth === 'admin') {
    if (actor.kind === 'admin') return;
    if (actor.kind === 'anonymous' && !user)
      throw new ApiError(401, 'unauthorized', 'Please sign in.');
    throw new ApiError(403, 'forbidden', 'Only an administrator may do this.');
  }
  // 'user': a signed-in, unbanned user (a banned one is already refused by the actor plugin).
  if (!user || actor.kind === 'anonymous')
    throw new ApiError(401, 'unauthorized', 'Please sign in.');
}

export function registerRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(
  app: FastifyInstance,
  route: ApiRoute<P, Q, B, R>,
  options: RegisterOptions,
  handler: (input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<z.infer<R>>,
): void {
  app.route({
    method: route.method,
    url: route.pattern,
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      requireSameOriginForSession(request, options.origins ?? []);
      const actor = request.actor;
      const user = request.sessionUser;
      requireCaller(route as ApiRoute, actor, user);
      const params = validate(route.params, request.params);
      const query = validate(route.query, request.query);
      const body = route.method === 'GET' ? ({} as z.infer<B>) : validate(route.body, request.body);
      const answer = await handler({ params, query, body, actor, user, request, reply });
      if (checkAnswers) {
        const checked = route.response.safeParse(answer);
        if (!checked.success) {
          const issue = checked.error.issues[0];
          request.log.error({ route: route.pattern, issue }, 'answer does not match its schema');
          throw new Error(`${route.method} ${route.pattern}: answer does not match its schema`);
        }
      }
      return route.envelope === 'data' ? { data: answer } : answer;
    },
  });
}
