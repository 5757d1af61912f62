/**
 * The administrators' users page API (issue 8 part 1): list users, ban and unban, set a role.
 * Every endpoint checks the actor on the server: ADMIN_TOKEN bearer or a signed-in user with
 * the role 'admin' (src/server/auth/actor.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminUsersQuerySchema, banSchema, setRoleSchema } from '../../contracts/account.ts';
import { adminRoutes as routes } from '../../contracts/api/adminRoutes.ts';
import { routeOf } from '../http/registerRoute.ts';
import type { Database } from '../db/client.ts';
import { banUser, listUsers, setRole, unbanUser } from '../auth/accountService.ts';
import { requireSameOrigin } from '../auth/sameOrigin.ts';
import { badRequest, forbidden } from '../services/errors.ts';
import { validate } from './validate.ts';

type IdParams = { Params: { id: string } };

function requireAdmin(request: FastifyRequest) {
  if (request.actor.kind !== 'admin') throw forbidden('Administrators only', 'admin_only');
}

export async function adminUserRoutes(
  app: FastifyInstance,
  options: { database: Database; origins: readonly string[] },
) {
  const { database } = options;

  app.addHook('onRequest', async (request, reply) => {
    requireAdmin(request);
    // A signed-in administrator's writes come from our pages; a bearer token is not a cookie.
    if (request.method !== 'GET' && !request.headers.authorization) {
      requireSameOrigin(request, options.origins);
    }
    reply.header('cache-control', 'no-store');
  });

  // Handlers kept: the hook above refuses everyone but administrators with 403, as before
  // the contracts; method and path come from adminRoutes.ts (issue 15 item 1).
  app.route({
    ...routeOf(routes.users),
    handler: async (request) => listUsers(database, validate(adminUsersQuerySchema, request.query)),
  });

  app.route<IdParams>({
    ...routeOf(routes.ban),
    handler: async (request) => {
      if (request.sessionUser?.id === request.params.id) {
        throw badRequest('Administrators cannot ban themselves.', 'self_ban');
      }
      const { reason } = validate(banSchema, request.body ?? {});
      return banUser(database, request.params.id, reason);
    },
  });

  app.route<IdParams>({
    ...routeOf(routes.unban),
    handler: async (request) => unbanUser(database, request.params.id),
  });

  app.route<IdParams>({
    ...routeOf(routes.setRole),
    handler: async (request) => {
      const { role } = validate(setRoleSchema, request.body);
      if (request.sessionUser?.id === request.params.id && role !== 'admin') {
        throw badRequest('Administrators cannot remove their own role.', 'self_demote');
      }
      return setRole(database, request.params.id, role);
    },
  });
}
