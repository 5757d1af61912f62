/**
 * GET /api/battle/leaderboard (issue 17 item 2). A leader board is read far more often than a
 * rated match ends, so each length's answer is kept for BOARD_CACHE_MS per instance (a rating
 * shows up that much later at worst) and browsers and proxies may keep it as long.
 */
import type { FastifyInstance } from 'fastify';
import { battleRoutes } from '../../contracts/api/battleRoutes.ts';
import type { Database } from '../db/client.ts';
import { registerRoute } from '../http/registerRoute.ts';
import { battleLeaderboard } from '../services/battleLeaderboard.ts';

export const BOARD_CACHE_MS = 10_000;

export async function battleBoardRoutes(
  app: FastifyInstance,
  options: { database: Database; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const cache = new Map<number, { expires: number; rows: ReturnType<typeof battleLeaderboard> }>();
  registerRoute(app, battleRoutes.leaderboard, {}, async ({ query, reply }) => {
    reply.header('cache-control', `public, max-age=${BOARD_CACHE_MS / 1000}`);
    const hit = cache.get(query.limit);
    const time = now();
    if (hit && hit.expires > time) return hit.rows;
    const rows = battleLeaderboard(options.database, query.limit);
    cache.set(query.limit, { expires: time + BOARD_CACHE_MS, rows });
    // A failed read is not kept.
    rows.catch(() => cache.delete(query.limit));
    return rows;
  });
}
