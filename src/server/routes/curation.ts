/**
 * The curators' API (issue 15 item 8; spec §2.1 `/admin-songs`) on the typed route surface:
 * every definition in src/contracts/library/curationRoutes.ts is administrators only, checked
 * by registerRoute before a handler runs (anonymous 401, other users 403; a banned user is
 * refused by the actor plugin). Handlers are thin: the work is in services/library.
 */
import type { FastifyInstance } from 'fastify';
import { curationRoutes as r } from '../../contracts/library/curationRoutes.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { registerRoute } from '../http/registerRoute.ts';
import { listAudit, listQueue, listReports, listTunes } from '../services/library/curationReads.ts';
import {
  approveSetting,
  editTune,
  featureTune,
  mergeTune,
  rejectSetting,
  resolveReport,
  type CurationDeps,
} from '../services/library/curationService.ts';
import { curatorOf } from '../services/library/writeAudit.ts';

export async function curationRoutes(
  app: FastifyInstance,
  options: { database: Database; mailer: Mailer; siteUrl: string; origins: readonly string[] },
) {
  const db = options.database.db;
  const deps: CurationDeps = { db, mailer: options.mailer, siteUrl: options.siteUrl, log: app.log };
  const on = { origins: options.origins };

  // What curators read holds uploaders' emails: never cached on the way.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin/library/')) reply.header('cache-control', 'no-store');
  });

  registerRoute(app, r.queue, on, async ({ query }) => listQueue(db, query));
  registerRoute(app, r.approve, on, async ({ params, user }) =>
    approveSetting(deps, curatorOf(user), params.settingId),
  );
  registerRoute(app, r.reject, on, async ({ params, body, user }) =>
    rejectSetting(deps, curatorOf(user), params.settingId, body.reason),
  );
  registerRoute(app, r.tunes, on, async ({ query }) => listTunes(db, query));
  registerRoute(app, r.editTune, on, async ({ params, body, user }) =>
    editTune(deps, curatorOf(user), params.tuneId, body),
  );
  registerRoute(app, r.mergeTune, on, async ({ params, body, user }) =>
    mergeTune(deps, curatorOf(user), params.tuneId, body.into),
  );
  registerRoute(app, r.featureTune, on, async ({ params, body, user }) =>
    featureTune(deps, curatorOf(user), params.tuneId, body.featured),
  );
  registerRoute(app, r.reports, on, async ({ query }) => listReports(db, query));
  registerRoute(app, r.resolveReport, on, async ({ params, body, user }) =>
    resolveReport(deps, curatorOf(user), params.reportId, body.decision, body.note),
  );
  registerRoute(app, r.audit, on, async ({ query }) => listAudit(db, query));
}
