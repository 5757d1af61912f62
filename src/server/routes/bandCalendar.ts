/**
 * `/band/{bandId}/practice.ics` (issue 16 item 4): the band's practice nights as an RFC 5545
 * calendar, with the band page's visibility rule — listed bands for everyone; a hidden, pending
 * or lapsed one only for its managers and administrators ('Done when'). Not under /api, so the
 * actor plugin does not read the session here: this route reads it itself, and a banned user
 * counts as nobody.
 */
import type { FastifyInstance } from 'fastify';
import { BAND_CALENDAR_PATTERN } from '../../contracts/directory/bandRoutes.ts';
import { directoryMessages } from '../../contracts/directory/directoryTerms.ts';
import { pathTo, paths } from '../../contracts/routes.ts';
import type { SessionResolver } from '../auth/actor.ts';
import type { Database } from '../db/client.ts';
import { bandForViewer } from '../services/directory/bandForViewer.ts';
import { ANONYMOUS_VIEWER, type ListingViewer } from '../services/directory/listingViewer.ts';
import { practiceCalendar } from '../services/directory/practiceCalendar.ts';

export async function bandCalendarRoutes(
  app: FastifyInstance,
  options: { database: Database; siteUrl: string; resolveSession: SessionResolver },
) {
  const root = options.siteUrl.replace(/\/+$/, '');
  const host = new URL(root).host;

  app.get<{ Params: { bandId: string } }>(BAND_CALENDAR_PATTERN, async (request, reply) => {
    let viewer: ListingViewer = ANONYMOUS_VIEWER;
    if (request.actor.kind === 'admin') viewer = { userId: null, admin: true };
    else if (request.headers.cookie?.includes('session_token')) {
      const user = await options.resolveSession(request);
      if (user && !user.roles.includes('banned')) {
        viewer = { userId: user.id, admin: user.roles.includes('admin') };
      }
    }
    const band = await bandForViewer(options.database.db, request.params.bandId, viewer);
    if (!band) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(`${directoryMessages.notFound}\n`);
    }
    const url = `${root}${pathTo(paths.band, { bandId: band.id })}`;
    return (
      reply
        .type('text/calendar; charset=utf-8')
        // A hidden band's calendar is for its managers' eyes: never kept by a shared cache.
        .header('cache-control', band.listed ? 'public, max-age=3600' : 'private, no-store')
        .header('content-disposition', `inline; filename="practice.ics"`)
        .send(practiceCalendar({ ...band, url }, host))
    );
  });
}
