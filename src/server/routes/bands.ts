/**
 * Band data, registration and management (issue 16 items 1, 3, 4): bandRoutes' contracts
 * through registerRoute, handlers calling services/bands with `db`, and the logo resource beside
 * the band page (same visibility rule as the page). The finder's `search` and `markers` are
 * registered by their own plugin. Writes are rate-limited like the library's; a banned user is
 * refused by the actor plugin before any of this runs. A periodic pass mails the confirmation
 * reminders (services/bands/bandReminders.ts).
 */
import type { FastifyInstance } from 'fastify';
import { BAND_LOGO_PATTERN, bandRoutes as r } from '../../contracts/directory/bandRoutes.ts';
import { directoryMessages } from '../../contracts/directory/directoryTerms.ts';
import type { SessionResolver, SessionUser } from '../auth/actor.ts';
import type { Database } from '../db/client.ts';
import { registerRoute } from '../http/registerRoute.ts';
import type { Mailer } from '../mail/mailer.ts';
import { ApiError } from '../services/errors.ts';
import { bandViewerOf, NOBODY, type BandViewer } from '../services/bands/bandAccess.ts';
import { acceptInvite, cancelInvite, inviteManager } from '../services/bands/bandInvites.ts';
import { isListed } from '../services/bands/bandListing.ts';
import { readLogo, removeLogo, uploadLogo } from '../services/bands/bandLogo.ts';
import { removeManager } from '../services/bands/bandManagers.ts';
import { bandPage, mayViewBand } from '../services/bands/bandPage.ts';
import { startBandReminders } from '../services/bands/bandReminders.ts';
import { readBandRow } from '../services/bands/bandRows.ts';
import { confirmBand, createBand, deleteBand, updateBand } from '../services/bands/bandWrites.ts';
import { myBands } from '../services/bands/managedBand.ts';
import type { PlaceLookup } from '../services/bands/placeLookup.ts';
import { isUuid } from '../../contracts/uuid.ts';

export interface BandRouteOptions {
  readonly database: Database;
  readonly origins: readonly string[];
  readonly writeLimitPerMinute: number;
  readonly mailer: Pick<Mailer, 'send'>;
  readonly siteUrl: string;
  readonly places: PlaceLookup;
  /** The logo is not under /api, where the actor plugin reads sessions: it reads its own. */
  readonly resolveSession?: SessionResolver;
  /** Reminder passes (0: none; tests call remindUnconfirmedBands with their own clock). */
  readonly reminderIntervalMs?: number;
  readonly log?: { info(o: object, m: string): void; error(o: object, m: string): void };
}

/** The logo JSON carries up to logoBytesMax as base64 (4/3 of it) plus the envelope. */
const LOGO_BODY_LIMIT = 3_200_000;

function userOf(user: SessionUser | null): string {
  // registerRoute already refused callers without a session for 'user' routes.
  if (!user) throw new ApiError(401, 'unauthorized', 'Please sign in.');
  return user.id;
}

export async function bandRoutes(app: FastifyInstance, options: BandRouteOptions) {
  const { database, origins } = options;
  const db = database.db;
  const deps = { database, places: options.places };
  const inviteDeps = { database, mailer: options.mailer, siteUrl: options.siteUrl };
  const read = { origins };
  const write = {
    origins,
    config: { rateLimit: { max: options.writeLimitPerMinute, timeWindow: '1 minute' } },
  };
  // What a manager sees is theirs: never cached by a browser or a proxy.
  const personal = (reply: { header(k: string, v: string): unknown }) =>
    reply.header('cache-control', 'no-store');

  registerRoute(app, r.get, read, async ({ params, actor, user, reply }) => {
    const band = await bandPage(db, bandViewerOf(actor, user), params.bandId);
    if (band.manage) personal(reply);
    return band;
  });
  registerRoute(app, r.mine, read, async ({ user, reply }) => {
    personal(reply);
    return myBands(db, userOf(user), new Date());
  });
  registerRoute(app, r.create, write, async ({ body, user }) =>
    createBand(deps, userOf(user), body),
  );
  registerRoute(app, r.update, write, async ({ params, body, actor, user }) =>
    updateBand(deps, bandViewerOf(actor, user), params.bandId, body),
  );
  registerRoute(app, r.remove, write, async ({ params, actor, user }) =>
    deleteBand(deps, bandViewerOf(actor, user), params.bandId),
  );
  registerRoute(app, r.confirm, write, async ({ params, actor, user }) =>
    confirmBand(deps, bandViewerOf(actor, user), params.bandId),
  );
  registerRoute(
    app,
    r.uploadLogo,
    { ...write, bodyLimit: LOGO_BODY_LIMIT },
    async ({ params, body, actor, user }) =>
      uploadLogo(db, bandViewerOf(actor, user), params.bandId, body.base64),
  );
  registerRoute(app, r.removeLogo, write, async ({ params, actor, user }) =>
    removeLogo(db, bandViewerOf(actor, user), params.bandId),
  );
  registerRoute(app, r.invite, write, async ({ params, body, actor, user }) =>
    inviteManager(inviteDeps, bandViewerOf(actor, user), params.bandId, body.email),
  );
  registerRoute(app, r.cancelInvite, write, async ({ params, actor, user }) =>
    cancelInvite(inviteDeps, bandViewerOf(actor, user), params.bandId, params.inviteId),
  );
  registerRoute(app, r.acceptInvite, write, async ({ body, user }) =>
    acceptInvite(inviteDeps, userOf(user), body.token),
  );
  registerRoute(app, r.removeManager, write, async ({ params, actor, user }) =>
    removeManager(database, bandViewerOf(actor, user), params.bandId, params.userId),
  );

  // The logo: the band page's visibility rule; a hidden band's logo is gone like its page.
  app.get<{ Params: { bandId: string } }>(BAND_LOGO_PATTERN, async (request, reply) => {
    const { bandId } = request.params;
    const gone = () =>
      reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: { message: directoryMessages.notFound, code: 'not_found' } });
    if (!isUuid(bandId)) return gone();
    const viewer = await logoViewer(request);
    const now = new Date();
    if (!(await mayViewBand(db, viewer, bandId, now))) return gone();
    const logo = await readLogo(db, bandId);
    if (!logo) return gone();
    const row = await readBandRow(db, bandId);
    const etag = `"${logo.etag}"`;
    // A listed band's logo may be cached a day (its URL changes with the image); any other
    // band's logo is for its managers only.
    reply.header(
      'cache-control',
      row && isListed(row, now) ? 'public, max-age=86400' : 'private, no-store',
    );
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/webp').send(Buffer.from(logo.bytes));
  });

  async function logoViewer(request: Parameters<SessionResolver>[0]): Promise<BandViewer> {
    if (request.actor.kind === 'admin') return { userId: null, admin: true };
    const user = options.resolveSession ? await options.resolveSession(request) : null;
    if (!user || user.roles.includes('banned')) return NOBODY;
    return { userId: user.id, admin: user.roles.includes('admin') };
  }

  if (options.reminderIntervalMs && options.reminderIntervalMs > 0) {
    const reminders = startBandReminders({
      ...inviteDeps,
      intervalMs: options.reminderIntervalMs,
      log: options.log ?? app.log,
    });
    app.addHook('onClose', () => reminders.stop());
  }
}
