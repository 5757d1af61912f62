/**
 * The tutor directory's routes (issue 16 item 5) on the typed API surface
 * (src/contracts/directory/tutorRoutes.ts). Search and a listing are public; the caller's own
 * listing lives at /api/me/tutor only, so nobody can aim an edit at someone else's. The actor
 * plugin refuses a banned user's every call before these run.
 */
import type { FastifyInstance } from 'fastify';
import { tutorRoutes as r } from '../../contracts/directory/tutorRoutes.ts';
import type { SessionUser } from '../auth/actor.ts';
import type { Database } from '../db/client.ts';
import { registerRoute } from '../http/registerRoute.ts';
import { ApiError } from '../services/errors.ts';
import {
  confirmTutor,
  getTutor,
  myTutor,
  removeTutor,
  saveTutor,
  searchTutors,
  type PlaceLookup,
} from '../services/tutors/tutorService.ts';

export interface TutorRouteOptions {
  readonly database: Database;
  readonly origins: readonly string[];
  readonly writeLimitPerMinute: number;
  /** The gazetteer's lookup by id (src/server/services/places/). */
  readonly lookupPlace: PlaceLookup;
}

/** A listing belongs to a person, never to an ADMIN_TOKEN script. */
function ownerOf(user: SessionUser | null): string {
  if (!user) throw new ApiError(401, 'unauthorized', 'Please sign in.');
  return user.id;
}

export async function tutorRoutes(app: FastifyInstance, options: TutorRouteOptions) {
  const { db } = options.database;
  const read = { origins: options.origins };
  const write = {
    origins: options.origins,
    config: { rateLimit: { max: options.writeLimitPerMinute, timeWindow: '1 minute' } },
  };
  // The caller's own listing (its status, the moderator's reason) is personal: never cached.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/me/tutor')) reply.header('cache-control', 'no-store');
  });

  registerRoute(app, r.search, read, async ({ query }) => searchTutors(db, query));
  registerRoute(app, r.get, read, async ({ params, actor, user }) =>
    getTutor(db, params.tutorId, { userId: user?.id ?? null, admin: actor.kind === 'admin' }),
  );
  registerRoute(app, r.mine, read, async ({ user }) => ({
    tutor: await myTutor(db, ownerOf(user)),
  }));
  registerRoute(app, r.save, write, async ({ user, body }) => ({
    tutor: await saveTutor(db, ownerOf(user), body, options.lookupPlace),
  }));
  registerRoute(app, r.confirm, write, async ({ user }) => ({
    tutor: await confirmTutor(db, ownerOf(user)),
  }));
  registerRoute(app, r.remove, write, async ({ user }) => removeTutor(db, ownerOf(user)));
}
