/**
 * Playlists' routes (issue 15 item 7) on the typed API surface: each is registered from its
 * contract (src/contracts/library/playlistRoutes.ts) and calls the service with `db`. The
 * contract's `auth: 'user'` refuses anonymous callers (401) before any handler runs, and the
 * actor plugin refuses a banned user's every call (403), so a handler always has a user.
 */
import type { FastifyInstance } from 'fastify';
import { playlistRoutes as r } from '../../contracts/library/playlistRoutes.ts';
import type { SessionUser } from '../auth/actor.ts';
import type { Database } from '../db/client.ts';
import { PRIVATE_READ } from '../../contracts/offline.ts';
import { registerRoute } from '../http/registerRoute.ts';
import { ApiError } from '../services/errors.ts';
import {
  addItem,
  copyShared,
  createPlaylist,
  deletePlaylist,
  getPlaylist,
  listPlaylists,
  removeItem,
  reorder,
  requireSome,
  sharePlaylist,
  sharedPlaylist,
  unsharePlaylist,
  updateItem,
  updatePlaylist,
} from '../services/library/playlistService.ts';

export interface PlaylistRouteOptions {
  readonly database: Database;
  readonly origins: readonly string[];
  readonly writeLimitPerMinute: number;
}

/** The owner: playlists belong to a person, never to an ADMIN_TOKEN script. */
function ownerOf(user: SessionUser | null): string {
  if (!user) throw new ApiError(401, 'unauthorized', 'Please sign in.');
  return user.id;
}

export async function playlistRoutes(app: FastifyInstance, options: PlaylistRouteOptions) {
  const { database } = options;
  const read = { origins: options.origins };
  const write = {
    origins: options.origins,
    config: { rateLimit: { max: options.writeLimitPerMinute, timeWindow: '1 minute' } },
  };
  // A playlist is personal: never kept by a proxy. A read is `private, no-cache` so this
  // browser's service worker may keep it for airplane mode (issue 18 item 1: 'the tunes and
  // playlists you opened recently'; scripts/offlineBuild.ts USER_CACHE, cleared on sign-out),
  // always asking the server first; a write's answer or a refusal is kept nowhere.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/playlists') || request.url.startsWith('/api/shared-')) {
      const keepable = request.method === 'GET' && reply.statusCode === 200;
      reply.header('cache-control', keepable ? PRIVATE_READ : 'no-store');
    }
  });

  registerRoute(app, r.list, read, async ({ user }) => listPlaylists(database, ownerOf(user)));
  registerRoute(app, r.create, write, async ({ user, body }) =>
    createPlaylist(database, ownerOf(user), body),
  );
  registerRoute(app, r.get, read, async ({ user, params }) =>
    getPlaylist(database, ownerOf(user), params.playlistId),
  );
  registerRoute(app, r.update, write, async ({ user, params, body }) => {
    requireSome(body);
    return updatePlaylist(database, ownerOf(user), params.playlistId, body);
  });
  registerRoute(app, r.remove, write, async ({ user, params }) =>
    deletePlaylist(database, ownerOf(user), params.playlistId),
  );
  registerRoute(app, r.addItem, write, async ({ user, params, body }) =>
    addItem(database, ownerOf(user), params.playlistId, body),
  );
  registerRoute(app, r.updateItem, write, async ({ user, params, body }) => {
    requireSome(body);
    return updateItem(database, ownerOf(user), params.playlistId, params.itemId, body);
  });
  registerRoute(app, r.removeItem, write, async ({ user, params }) =>
    removeItem(database, ownerOf(user), params.playlistId, params.itemId),
  );
  registerRoute(app, r.reorder, write, async ({ user, params, body }) =>
    reorder(database, ownerOf(user), params.playlistId, body.itemIds),
  );
  registerRoute(app, r.share, write, async ({ user, params }) =>
    sharePlaylist(database, ownerOf(user), params.playlistId),
  );
  registerRoute(app, r.unshare, write, async ({ user, params }) =>
    unsharePlaylist(database, ownerOf(user), params.playlistId),
  );
  registerRoute(app, r.shared, read, async ({ user, params }) =>
    sharedPlaylist(database, params.token, user?.id ?? null),
  );
  registerRoute(app, r.copyShared, write, async ({ user, params }) =>
    copyShared(database, params.token, ownerOf(user)),
  );
}
