import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DailyCapError,
  type DailyCapKind,
  type DailyWriteCaps,
} from '../services/dailyWriteCaps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-client, per-day caps on anonymous writes (issue 13.10), built in app.ts. */
    dailyWriteCaps: DailyWriteCaps;
  }
}

/**
 * Counts `rows` new rows of `kind` for the caller; over the day's cap, a 429 `rate_limited`
 * with Retry-After set to the next UTC midnight, when the count starts again.
 */
export async function takeDailyWrites(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: DailyCapKind,
  rows: number,
): Promise<void> {
  try {
    await request.server.dailyWriteCaps.take(request.ip, kind, rows);
  } catch (error) {
    if (error instanceof DailyCapError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}
