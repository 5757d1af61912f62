/**
 * The score service's endpoints (spec §7 'High score table'; issue 7 parts 1–3). Thin: parse
 * with the shared contract, call scoreService with the caller's actor. Scores are submitted
 * through the RPC submit_high_score (routes/data.ts); a game session comes from here first.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import {
  gameSessionRequestSchema,
  scoreListQuerySchema,
  scoreMessages,
  topPerLevelQuerySchema,
} from '../../contracts/scores.ts';
import { scoresRoutes as routes } from '../../contracts/api/scoresRoutes.ts';
import { routeOf } from '../http/registerRoute.ts';
import type { Database } from '../db/client.ts';
import { ApiError, badRequest } from '../services/errors.ts';
import { onScoresChanged } from '../services/scoreEvents.ts';
import {
  deleteScore,
  getScoreById,
  listScores,
  scoresByUser,
  startGameSession,
  topScoresPerLevel,
  updateScore,
} from '../services/scoreService.ts';
import { createScoreCache } from './scoreCache.ts';
import { requireSameOriginForSession } from '../auth/sameOrigin.ts';
import { takeDailyWrites } from './takeDailyWrites.ts';

interface Options {
  database: Database;
  /** The environment's public key; requests must present it (as on the data API). */
  publicKey: string | undefined;
  writeLimitPerMinute: number;
  /** How long a leaderboard answer is shared between readers (default 1 s). */
  cacheTtlMs?: number;
  /** Origins a write with a session cookie may come from (issue 13, item 13). */
  origins: readonly string[];
}

const specMessages = new Set<string>(Object.values(scoreMessages));

/** Like validate.ts, but the spec's own messages are answered word for word. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue && specMessages.has(issue.message)) throw badRequest(issue.message, 'validation');
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw badRequest(`${where}${issue?.message ?? 'Invalid request'}`, 'validation');
}

type IdParams = { Params: { id: string } };

export async function scoreRoutes(app: FastifyInstance, options: Options) {
  const { database, publicKey } = options;
  const cache = createScoreCache({ ttlMs: options.cacheTtlMs ?? 1000 });
  const stop = onScoresChanged(database, cache.clear);
  app.addHook('onClose', async () => stop());

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!publicKey) return;
    if (request.headers[PUBLIC_KEY_HEADER] !== publicKey)
      throw new ApiError(401, 'invalid_key', 'Invalid or missing API key');
  });
  // Administrators change and remove scores here with their session cookie (issue 13.13).
  app.addHook('onRequest', async (request: FastifyRequest) =>
    requireSameOriginForSession(request, options.origins),
  );

  const writeLimit = { rateLimit: { max: options.writeLimitPerMinute, timeWindow: '1 minute' } };

  // Spec §7 'List' and 'Leaderboard': limit 10 by score descending, optional filters.
  // These keep their handlers for the shared ETag cache (scoreCache.ts); method and path come
  // from the contract (issue 15 item 1).
  app.route({
    ...routeOf(routes.list),
    handler: async (request, reply) => {
      const query = parse(scoreListQuerySchema, request.query);
      return cache.send(request, reply, `list:${JSON.stringify(query)}`, async () => ({
        data: await listScores(database, query),
      }));
    },
  });

  // Spec §7 'Per-level top scores' (default 3).
  app.route({
    ...routeOf(routes.topPerLevel),
    handler: async (request, reply) => {
      const { n } = parse(topPerLevelQuerySchema, request.query);
      return cache.send(request, reply, `top:${n}`, async () => ({
        data: await topScoresPerLevel(database, n),
      }));
    },
  });

  // Spec §7: by user_id or local_user_id, score descending. Not cached: it is one player's.
  app.route<{ Querystring: Record<string, string | undefined> }>({
    ...routeOf(routes.byUser),
    handler: async (request, reply) => {
      const limit = Number(request.query.limit ?? 50);
      reply.header('cache-control', 'no-store');
      return {
        data: await scoresByUser(database, {
          userId: request.query.user_id,
          localUserId: request.query.local_user_id,
          limit: Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : 50,
        }),
      };
    },
  });

  app.route<IdParams>({
    ...routeOf(routes.get),
    handler: async (request) => ({ data: await getScoreById(database, request.params.id) }),
  });

  // Only an administrator changes or removes a score (issue 7 part 2; the service checks).
  app.route<IdParams>({
    ...routeOf(routes.update),
    config: writeLimit,
    handler: async (request) => ({
      data: await updateScore(database, request.actor, request.params.id, request.body),
    }),
  });

  app.route<IdParams>({
    ...routeOf(routes.remove),
    config: writeLimit,
    handler: async (request) => ({
      data: await deleteScore(database, request.actor, request.params.id),
    }),
  });

  // A game session before each game (docs/decisions/008-score-integrity.md).
  app.route({
    ...routeOf(routes.startGameSession),
    config: writeLimit,
    handler: async (request, reply) => {
      const body = parse(gameSessionRequestSchema, request.body);
      await takeDailyWrites(request, 'tblgamesession', 1);
      reply.code(201);
      return { data: await startGameSession(database, body) };
    },
  });
}
