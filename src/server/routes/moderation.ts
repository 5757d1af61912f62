/**
 * Reports and moderation of band and tutor listings (issue 16 item 7) on the typed route
 * surface (src/contracts/directory/moderationRoutes.ts): 'Report this listing' for anyone,
 * rate-limited per minute and capped per day; everything else administrators only, checked by
 * registerRoute (anonymous 401, users 403; banned users are refused by the actor plugin).
 */
import type { FastifyInstance } from 'fastify';
import { moderationRoutes as r } from '../../contracts/directory/moderationRoutes.ts';
import type { Database } from '../db/client.ts';
import { registerRoute } from '../http/registerRoute.ts';
import type { Mailer } from '../mail/mailer.ts';
import { decideListing, resolveListingReport } from '../services/directory/moderateListing.ts';
import { moderationAudit, moderationQueue } from '../services/directory/moderationReads.ts';
import { reportListing } from '../services/directory/reportListing.ts';
import { takeDailyWrites } from './takeDailyWrites.ts';

export async function moderationRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    mailer: Pick<Mailer, 'send'>;
    siteUrl: string;
    origins: readonly string[];
    writeLimitPerMinute: number;
  },
) {
  const db = options.database.db;
  const deps = { db, mailer: options.mailer, siteUrl: options.siteUrl, log: app.log };
  const on = { origins: options.origins };

  // What moderators read names registrants: never kept by a cache on the way.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin/listing')) reply.header('cache-control', 'no-store');
  });

  registerRoute(
    app,
    r.report,
    {
      ...on,
      config: { rateLimit: { max: options.writeLimitPerMinute, timeWindow: '1 minute' } },
    },
    async ({ params, body, user, request }) =>
      reportListing(
        db,
        {
          userId: user?.id ?? null,
          address: request.ip,
          beforeStore: () => takeDailyWrites(request, 'listing_reports', 1),
        },
        params.kind,
        params.listingId,
        body,
      ),
  );
  registerRoute(app, r.queue, on, async ({ query }) => moderationQueue(db, query.status));
  registerRoute(app, r.decide, on, async ({ params, body, user }) =>
    decideListing(deps, user?.id ?? null, params.kind, params.listingId, body),
  );
  registerRoute(app, r.resolveReport, on, async ({ params, user }) =>
    resolveListingReport(db, user?.id ?? null, params.reportId),
  );
  registerRoute(app, r.audit, on, async ({ query }) => moderationAudit(db, query.before));
}
