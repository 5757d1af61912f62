/**
 * The signed-in user's own account (issue 8 part 1, /user-profile): read it, change initials,
 * list its scores, claim this device's anonymous scores, delete it. The user is always the
 * session's: no endpoint takes a user id, so nobody reads or changes another user's data.
 */
import type { FastifyInstance } from 'fastify';
import { accountRoutes as routes } from '../../contracts/api/accountRoutes.ts';
import type { Database } from '../db/client.ts';
import { requireSameOrigin } from '../auth/sameOrigin.ts';
import { registerRoute } from '../http/registerRoute.ts';
import {
  accountScores,
  claimDeviceScores,
  deleteAccount,
  profileOf,
  updateInitials,
} from '../auth/accountService.ts';

export async function authAccountRoutes(
  app: FastifyInstance,
  options: { database: Database; writeLimitPerMinute: number; origins: readonly string[] },
) {
  const { database, origins } = options;
  const writeLimit = { rateLimit: { max: options.writeLimitPerMinute, timeWindow: '1 minute' } };

  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      requireSameOrigin(request, options.origins);
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // registerRoute answers 401 'Please sign in.' to a visitor without a session (auth 'user').
  registerRoute(app, routes.me, { origins }, async ({ user }) => profileOf(user!));

  registerRoute(app, routes.updateMe, { origins, config: writeLimit }, async ({ user, body }) => {
    await updateInitials(database, user!.id, body.initials);
    return profileOf({ ...user!, initials: body.initials || null });
  });

  registerRoute(app, routes.deleteMe, { origins, config: writeLimit }, async ({ user, reply }) => {
    await deleteAccount(database, user!);
    // The session row went with the user; tell the browser to drop its cookie too.
    reply.header('set-cookie', [
      'better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
      '__Secure-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax',
    ]);
    return { ok: true as const };
  });

  registerRoute(app, routes.scores, { origins }, async ({ user }) => ({
    scores: [...(await accountScores(database, user!))],
  }));

  registerRoute(app, routes.claimScores, { origins, config: writeLimit }, async ({ user, body }) =>
    claimDeviceScores(database, user!, body.localUserId, body.sessionIds),
  );
}
