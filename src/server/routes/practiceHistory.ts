/**
 * The practice history's routes (issue 18 item 2) on the typed API surface
 * (src/contracts/progress/progressRoutes.ts). `auth: 'user'` refuses anonymous callers before
 * a handler runs; every handler reads and writes the caller's own rows only.
 */
import type { FastifyInstance } from 'fastify';
import { PRACTICE_LIMITS, progressMessages } from '../../contracts/progress/practiceRecord.ts';
import { progressRoutes as r } from '../../contracts/progress/progressRoutes.ts';
import type { SessionUser } from '../auth/actor.ts';
import type { Database } from '../db/client.ts';
import { registerRoute } from '../http/registerRoute.ts';
import { ApiError } from '../services/errors.ts';
import {
  deletePractice,
  downloadPractice,
  uploadPractice,
} from '../services/progress/practiceHistoryService.ts';

export interface PracticeHistoryRouteOptions {
  readonly database: Database;
  readonly origins: readonly string[];
  readonly writeLimitPerMinute: number;
}

/** Downloads a second device makes: a page per call, 50,000 rows is 50 pages. */
const READS_PER_MINUTE = 120;

function ownerOf(user: SessionUser | null): string {
  if (!user) throw new ApiError(401, 'unauthorized', 'Please sign in.');
  return user.id;
}

export async function practiceHistoryRoutes(
  app: FastifyInstance,
  options: PracticeHistoryRouteOptions,
) {
  const { database } = options;
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  // Practice history is personal: never cached by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Fastify's own 413 says only 'Request body is too large': say what the bound is.
  app.setErrorHandler((error, _request, _reply) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new ApiError(413, 'too_large', progressMessages.bodyTooLarge);
    }
    throw error;
  });

  registerRoute(
    app,
    r.upload,
    {
      origins: options.origins,
      config: limit(options.writeLimitPerMinute),
      bodyLimit: PRACTICE_LIMITS.maxBatchBytes,
    },
    async ({ user, body }) => uploadPractice(database, ownerOf(user), body.records),
  );
  registerRoute(
    app,
    r.download,
    { origins: options.origins, config: limit(READS_PER_MINUTE) },
    async ({ user, query }) => downloadPractice(database, ownerOf(user), query.since),
  );
  registerRoute(
    app,
    r.deleteAll,
    { origins: options.origins, config: limit(options.writeLimitPerMinute) },
    async ({ user }) => ({ deleted: await deletePractice(database, ownerOf(user)) }),
  );
}
