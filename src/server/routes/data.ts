/**
 * The generic data API and RPC (spec §7 'Data access'). Handlers stay thin: validate with the
 * shared contract, check the environment's public key, call the service with the caller's
 * actor. Anonymous writes (RPC) are rate-limited per client.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  deleteRequestSchema,
  insertRequestSchema,
  queryRequestSchema,
  rpcRequestSchema,
  updateRequestSchema,
} from '../../contracts/data.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import { dataRoutes as routes } from '../../contracts/api/dataRoutes.ts';
import { routeOf } from '../http/registerRoute.ts';
import type { Database } from '../db/client.ts';
import { deleteRows, insertRows, queryRows, updateRows } from '../services/dataService.ts';
import { callRpc } from '../services/rpcService.ts';
import { ApiError } from '../services/errors.ts';
import { requireSameOriginForSession } from '../auth/sameOrigin.ts';
import { takeDailyWrites } from './takeDailyWrites.ts';
import { validate } from './validate.ts';

interface Options {
  database: Database;
  /** The public key of this server's environment; requests must present it. */
  publicKey: string | undefined;
  writeLimitPerMinute: number;
  /** SCORE_SESSIONS=required (docs/decisions/008-score-integrity.md). */
  requireScoreSession?: boolean;
  /** Origins a write with a session cookie may come from (issue 13, item 13). */
  origins: readonly string[];
}

type TableParams = { Params: { table: string } };

export async function dataRoutes(app: FastifyInstance, options: Options) {
  const { database, publicKey } = options;

  // The key is public (it identifies the deployment a client was built for, like the spec's
  // anonymous-role key); it is not what authorizes anything — the actor is.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!publicKey) return;
    const given = request.headers[PUBLIC_KEY_HEADER];
    if (given !== publicKey) throw new ApiError(401, 'invalid_key', 'Invalid or missing API key');
  });

  const writeLimit = {
    rateLimit: { max: options.writeLimitPerMinute, timeWindow: '1 minute' },
  };
  // Writes only: a query is a POST too, but a forged read returns nothing to its sender.
  const write = {
    config: writeLimit,
    onRequest: async (request: FastifyRequest) =>
      requireSameOriginForSession(request, options.origins),
  };

  // Handlers kept for the public-key hook above; method and path from the contract (15.1).
  app.route<TableParams>({
    ...routeOf(routes.query),
    handler: async (request) =>
      queryRows(
        database,
        request.actor,
        request.params.table,
        validate(queryRequestSchema, request.body),
      ),
  });

  app.route<TableParams>({
    ...routeOf(routes.insert),
    ...write,
    handler: async (request) => ({
      data: await insertRows(
        database,
        request.actor,
        request.params.table,
        validate(insertRequestSchema, request.body),
      ),
    }),
  });

  app.route<TableParams>({
    ...routeOf(routes.update),
    ...write,
    handler: async (request) => ({
      data: await updateRows(
        database,
        request.actor,
        request.params.table,
        validate(updateRequestSchema, request.body),
      ),
    }),
  });

  app.route<TableParams>({
    ...routeOf(routes.delete),
    ...write,
    handler: async (request) => ({
      data: await deleteRows(
        database,
        request.actor,
        request.params.table,
        validate(deleteRequestSchema, request.body),
      ),
    }),
  });

  app.route<{ Params: { name: string } }>({
    ...routeOf(routes.rpc),
    ...write,
    handler: async (request) => ({
      data: await callRpc(
        database,
        request.actor,
        request.params.name,
        validate(rpcRequestSchema, request.body).params,
        {
          requireScoreSession: options.requireScoreSession ?? false,
          // Issue 13.10: anonymous scores count against the caller's daily cap.
          beforeStore: () => takeDailyWrites(request, 'tblblasterhighscore', 1),
        },
      ),
    }),
  });
}
