import type { FastifyRequest } from 'fastify';
import type { DailyCapKind, DailyWriteCaps } from '../services/dailyWriteCaps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-client, per-day caps on anonymous writes (issue 13.10), built in app.ts. */
    dailyWriteCaps: DailyWriteCaps;
  }
}

/**
 * Counts `rows` new rows of `kind` for the caller; over the day's cap it throws DailyCapError,
 * a 429 `rate_limited` whose Retry-After (the next UTC midnight, when the count starts again)
 * the app's error handler sends like every other 429's.
 */
export async function takeDailyWrites(
  request: FastifyRequest,
  kind: DailyCapKind,
  rows: number,
): Promise<void> {
  await request.server.dailyWriteCaps.take(request.ip, kind, rows);
}
