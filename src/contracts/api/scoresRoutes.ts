/**
 * The score service's operations (spec §7 'High score table', §8 'Score service'; issue 7
 * parts 1–3), defined once for src/server/routes/scores.ts and src/web/lib/scoreService.ts
 * (issue 15 item 1). Scores are added through the RPC submit_high_score (dataRoutes.ts).
 */
import { z } from 'zod';
import {
  gameSessionRequestSchema,
  scoreListQuerySchema,
  scoresApi,
  scoreUpdateSchema,
  topPerLevelQuerySchema,
} from '../scores.ts';
import { defineRoute } from './apiRoute.ts';

/** A high-score row (spec §3 'High score row') as the API answers it. */
export const highScoreSchema = z.object({
  id: z.number(),
  score: z.number(),
  level: z.number(),
  struserinitials: z.string().nullable(),
  user_id: z.string().nullable(),
  local_user_id: z.string().nullable(),
  created_at: z.string(),
});

const idParams = z.object({ id: z.union([z.string(), z.number()]).transform(String) });

/** GET /api/scores/by-user: the service checks the ids with the spec's messages. */
const byUserQuery = z.object({
  user_id: z.string().optional(),
  local_user_id: z.string().optional(),
  limit: z.union([z.string(), z.number()]).optional(),
});

export const scoresRoutes = {
  list: defineRoute({
    method: 'GET',
    pattern: scoresApi.list,
    summary: 'High scores: limit, offset, order and equality filters (spec §7 List)',
    query: scoreListQuerySchema,
    response: z.array(highScoreSchema),
  }),
  topPerLevel: defineRoute({
    method: 'GET',
    pattern: scoresApi.topPerLevel,
    summary: 'The best n scores of each level (spec §7 Per-level top scores)',
    query: topPerLevelQuerySchema,
    response: z.array(z.object({ level: z.number(), scores: z.array(highScoreSchema) })),
  }),
  byUser: defineRoute({
    method: 'GET',
    pattern: scoresApi.byUser,
    summary: "One player's scores by user_id or local_user_id",
    query: byUserQuery,
    response: z.array(highScoreSchema),
  }),
  get: defineRoute({
    method: 'GET',
    pattern: '/api/scores/:id',
    summary: 'One high score',
    params: idParams,
    response: highScoreSchema,
  }),
  update: defineRoute({
    method: 'PATCH',
    pattern: '/api/scores/:id',
    summary: 'Change a score, level or initials (administrators; the service checks)',
    params: idParams,
    body: scoreUpdateSchema,
    response: highScoreSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    pattern: '/api/scores/:id',
    summary: 'Remove a high score (administrators; the service checks)',
    params: idParams,
    response: highScoreSchema,
  }),
  startGameSession: defineRoute({
    method: 'POST',
    pattern: scoresApi.gameSessions,
    summary: 'Start a game session before a game (docs/decisions/008-score-integrity.md)',
    body: gameSessionRequestSchema,
    response: z.object({
      id: z.string(),
      level: z.number(),
      seed: z.number(),
      startedAt: z.string(),
    }),
  }),
} as const;
