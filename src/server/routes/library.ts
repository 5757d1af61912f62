/**
 * The tune library's API (issue 15 items 2, 3, 5, 6): every route from its contract
 * (src/contracts/library/libraryRoutes.ts) through registerRoute, handlers calling the
 * services in services/library with `db`. The built-in tunes are seeded when the plugin
 * starts (idempotent; services/library/seedLibrary.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { libraryRoutes as routes } from '../../contracts/library/libraryRoutes.ts';
import { libraryMessages } from '../../contracts/library/libraryTerms.ts';
import type { Database } from '../db/client.ts';
import { library_settings, library_tunes } from '../db/schema/index.ts';
import { PRIVATE_READ } from '../../contracts/offline.ts';
import { registerRoute } from '../http/registerRoute.ts';
import { notFound } from '../services/errors.ts';
import { checkUpload } from '../services/library/checkUpload.ts';
import { findAnswer } from '../services/library/findAnswer.ts';
import { mySettings } from '../services/library/mySettings.ts';
import { deleteSetting, updateSetting } from '../services/library/ownSetting.ts';
import { reportSetting } from '../services/library/reportSetting.ts';
import { searchTunes } from '../services/library/searchTunes.ts';
import { seedLibrary } from '../services/library/seedLibrary.ts';
import { tunePage } from '../services/library/tunePage.ts';
import { uploadSetting } from '../services/library/uploadSetting.ts';
import { viewerOf, type Viewer } from '../services/library/visibleSettingFilter.ts';
import { takeDailyWrites } from './takeDailyWrites.ts';

interface Options {
  database: Database;
  origins: readonly string[];
  writeLimitPerMinute: number;
  /** Seed the built-in tunes at start (default true). */
  seed?: boolean;
}

/** A whole BWW book is ~150 KB of text (LIBRARY_LIMITS.fileChars), JSON-escaped a little more. */
const UPLOAD_BODY_LIMIT = 1024 * 1024;

function signedIn(viewer: Viewer): Viewer & { userId: string } {
  // registerRoute already refused callers without a session for 'user' routes.
  if (!viewer.userId) throw notFound(libraryMessages.notFound);
  return viewer as Viewer & { userId: string };
}

export async function libraryRoutes(app: FastifyInstance, options: Options) {
  const { database, origins } = options;
  if (options.seed ?? true) await seedLibrary(database);
  // PGlite has no autovacuum: without statistics the planner takes a library of thousands
  // for an empty table and reads every row instead of the trigram index.
  if (database.kind === 'pglite') {
    await database.rows(sql`analyze ${library_tunes}, ${library_settings}`);
  }
  const writes = {
    origins,
    config: { rateLimit: { max: options.writeLimitPerMinute, timeWindow: '1 minute' } },
  };

  registerRoute(app, routes.search, { origins }, async ({ query, actor, user }) =>
    searchTunes(database, viewerOf(actor, user), query),
  );

  registerRoute(app, routes.tune, { origins }, async ({ params, actor, user }) =>
    tunePage(database, viewerOf(actor, user), params.slug),
  );

  registerRoute(app, routes.mine, { origins }, async ({ actor, user, reply }) => {
    // The piper's own settings: kept only by this browser's worker, for offline use (issue 18).
    reply.header('cache-control', PRIVATE_READ);
    return mySettings(database, signedIn(viewerOf(actor, user)));
  });

  registerRoute(
    app,
    routes.checkUpload,
    { ...writes, bodyLimit: UPLOAD_BODY_LIMIT },
    async ({ body, actor, user }) => checkUpload(database, viewerOf(actor, user), body),
  );

  registerRoute(
    app,
    routes.upload,
    { ...writes, bodyLimit: UPLOAD_BODY_LIMIT },
    async ({ body, actor, user, request }) =>
      uploadSetting(database, signedIn(viewerOf(actor, user)), body, () =>
        takeDailyWrites(request, 'library_settings', 1),
      ),
  );

  registerRoute(
    app,
    routes.updateSetting,
    { ...writes, bodyLimit: UPLOAD_BODY_LIMIT },
    async ({ params, body, actor, user }) =>
      updateSetting(database, signedIn(viewerOf(actor, user)), params.settingId, body),
  );

  registerRoute(app, routes.deleteSetting, writes, async ({ params, actor, user }) =>
    deleteSetting(database, signedIn(viewerOf(actor, user)), params.settingId),
  );

  registerRoute(app, routes.report, writes, async ({ params, body, actor, user, request }) =>
    reportSetting(database, viewerOf(actor, user), params.settingId, body, {
      address: request.ip,
      beforeStore: () => takeDailyWrites(request, 'library_reports', 1),
    }),
  );

  // Each call aligns the notes against every public setting: limited like a write.
  registerRoute(app, routes.find, writes, async ({ body }) =>
    findAnswer(database, body.pitches, body.limit),
  );
}
