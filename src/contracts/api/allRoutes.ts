/**
 * Every API operation, in one list (issue 15 item 1): the server registers only paths found
 * here (src/server/http/allRoutes.api.test.ts checks every /api route Fastify has), and
 * `npm run api:table` prints the README's API table from it. Add a new area's routes as one
 * more line below.
 */
import type { ApiRoute } from './apiRoute.ts';
import { accountRoutes } from './accountRoutes.ts';
import { adminRoutes } from './adminRoutes.ts';
import { battleRoutes } from './battleRoutes.ts';
import { dataRoutes } from './dataRoutes.ts';
import { formRoutes } from './formRoutes.ts';
import { monitoringRoutes } from './monitoringRoutes.ts';
import { realtimeRoutes } from './realtimeRoutes.ts';
import { scoresRoutes } from './scoresRoutes.ts';
import { sendEmailRoutes } from './sendEmailRoutes.ts';
import { systemRoutes } from './systemRoutes.ts';
import { curationRoutes } from '../library/curationRoutes.ts';
import { libraryRoutes } from '../library/libraryRoutes.ts';
import { playlistRoutes } from '../library/playlistRoutes.ts';
import { moderationRoutes } from '../directory/moderationRoutes.ts';
import { placeRoutes } from '../directory/placeRoutes.ts';
import { tutorRoutes } from '../directory/tutorRoutes.ts';
import { bandRoutes } from '../directory/bandRoutes.ts';
import { progressRoutes } from '../progress/progressRoutes.ts';

/** Area name → its routes, in the order the README's table lists them. */
export const routeAreas: Readonly<Record<string, Readonly<Record<string, ApiRoute>>>> = {
  system: systemRoutes,
  data: dataRoutes,
  scores: scoresRoutes,
  account: accountRoutes,
  admin: adminRoutes,
  forms: formRoutes,
  monitoring: monitoringRoutes,
  sendEmail: sendEmailRoutes,
  realtime: realtimeRoutes,
  battle: battleRoutes,
  library: libraryRoutes,
  playlists: playlistRoutes,
  curation: curationRoutes,
  places: placeRoutes,
  moderation: moderationRoutes,
  tutors: tutorRoutes,
  bands: bandRoutes,
  progress: progressRoutes,
};

export const allRoutes: readonly ApiRoute[] = Object.values(routeAreas).flatMap((area) =>
  Object.values(area),
);
