/**
 * The signed-in user's own account (issue 8 part 1, /user-profile): read it, change initials,
 * list its scores, claim this device's anonymous scores, delete it. The user is always the
 * session's: no endpoint takes a user id, so nobody reads or changes another user's data.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountApi, claimScoresSchema, updateProfileSchema } from '../../contracts/account.ts';
import type { Database } from '../db/client.ts';
import type { SessionUser } from '../auth/actor.ts';
import { requireSameOrigin } from '../auth/sameOrigin.ts';
import {
  accountScores,
  claimDeviceScores,
  deleteAccount,
  profileOf,
  updateInitials,
} from '../auth/accountService.ts';
import { ApiError } from '../services/errors.ts';
import { validate } from './validate.ts';

function signedIn(request: FastifyRequest): SessionUser {
  const user = request.sessionUser;
  if (!user) throw new ApiError(401, 'unauthorized', 'Please sign in.');
  return user;
}

export async function authAccountRoutes(
  app: FastifyInstance,
  options: { database: Database; writeLimitPerMinute: number; origins: readonly string[] },
) {
  const { database } = options;
  const writeLimit = { rateLimit: { max: options.writeLimitPerMinute, timeWindow: '1 minute' } };

  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      requireSameOrigin(request, options.origins);
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(accountApi.me, async (request) => profileOf(signedIn(request)));

  app.patch(accountApi.me, { config: writeLimit }, async (request) => {
    const user = signedIn(request);
    const { initials } = validate(updateProfileSchema, request.body);
    await updateInitials(database, user.id, initials);
    return profileOf({ ...user, initials: initials || null });
  });

  app.delete(accountApi.me, { config: writeLimit }, async (request, reply) => {
    await deleteAccount(database, signedIn(request));
    // The session row went with the user; tell the browser to drop its cookie too.
    reply.header('set-cookie', [
      'better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
      '__Secure-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax',
    ]);
    return { ok: true };
  });

  app.get(accountApi.scores, async (request) => ({
    scores: await accountScores(database, signedIn(request)),
  }));

  app.post(accountApi.claimScores, { config: writeLimit }, async (request) => {
    const user = signedIn(request);
    const { localUserId, sessionIds } = validate(claimScoresSchema, request.body);
    return claimDeviceScores(database, user, localUserId, sessionIds);
  });
}
