/**
 * The band finder's public reads (issue 16 item 2): search near a point or by name, and every
 * listed band's marker for the map. Both are public and answer only listed bands at their shown
 * (rounded) points; neither selects the contact address (services/bands/searchBands.ts).
 * The other band routes (pages, registration, managers) live in routes/bands.ts.
 */
import type { FastifyInstance } from 'fastify';
import { bandRoutes as r } from '../../contracts/directory/bandRoutes.ts';
import type { Database } from '../db/client.ts';
import { registerRoute } from '../http/registerRoute.ts';
import { bandMarkers, searchBands } from '../services/bands/searchBands.ts';

export interface BandSearchRouteOptions {
  readonly database: Database;
  readonly origins: readonly string[];
}

export async function bandSearchRoutes(app: FastifyInstance, options: BandSearchRouteOptions) {
  const { database } = options;
  const read = { origins: options.origins };
  registerRoute(app, r.search, read, async ({ query }) => searchBands(database, query));
  registerRoute(app, r.markers, read, async () => bandMarkers(database));
}
