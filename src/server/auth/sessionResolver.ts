import type { Auth } from './createAuth.ts';
import { sessionUserFrom, type SessionResolver } from './actor.ts';

/**
 * Reads a request's session through better-auth (the session table, no cookie cache, so a ban
 * or role change counts from the next request).
 */
export function sessionResolver(auth: Auth): SessionResolver {
  return async (request) => {
    const cookie = request.headers.cookie;
    if (!cookie) return null;
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    return session ? sessionUserFrom(session.user) : null;
  };
}
