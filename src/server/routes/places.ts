/**
 * Place search for the band finder and the tutor directory (issue 16 item 2) from the offline
 * gazetteer: no geocoding service, no network. The answers are the same for everyone and change
 * only with a new release, so browsers and proxies may keep them for a day.
 */
import type { FastifyInstance } from 'fastify';
import { placeRoutes as r } from '../../contracts/directory/placeRoutes.ts';
import { registerRoute } from '../http/registerRoute.ts';
import { ApiError } from '../services/errors.ts';
import { gazetteer } from '../services/places/gazetteer.ts';

export async function placeRoutes(app: FastifyInstance, options: { origins: readonly string[] }) {
  const read = { origins: options.origins };
  const cacheForADay = 'public, max-age=86400';
  registerRoute(app, r.search, read, async ({ query, reply }) => {
    reply.header('cache-control', cacheForADay);
    const places = gazetteer().search(query.q, {
      limit: query.limit,
      ...(query.country ? { country: query.country } : {}),
    });
    return { places };
  });
  registerRoute(app, r.byId, read, async ({ params, reply }) => {
    const place = gazetteer().byId(params.placeId);
    if (!place) throw new ApiError(404, 'not_found', 'We could not find that place.');
    reply.header('cache-control', cacheForADay);
    return place;
  });
}
