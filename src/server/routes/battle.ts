/**
 * The Battle socket (/api/battle; issue 17 items 3 and 6). Origin, connection caps and frame size
 * are checked before this runs (src/server/realtime/realtimeSockets.ts); heartbeat, idle close and
 * message rate come from socketLimits.watch. Here: who the player is (the session cookie, read by
 * the actor plugin, or the local id the client sends with its first join), every message parsed
 * by the protocol schema, and the lobby (src/server/battle/battleLobby.ts) doing the rest.
 */
import type { FastifyInstance } from 'fastify';
import { realtimeRoutes } from '../../contracts/api/realtimeRoutes.ts';
import { clientMessageSchema } from '../../contracts/battle/battleProtocol.ts';
import { REALTIME_CLOSE } from '../../contracts/realtimeLimits.ts';
import type { BattleLobby } from '../battle/battleLobby.ts';

export async function battleRoutes(app: FastifyInstance, options: { lobby: BattleLobby }) {
  app.beforeSocketsClose(() => options.lobby.shutdown());
  app.get(realtimeRoutes.battle.pattern, { websocket: true }, (socket, request) => {
    const admission = request.socketAdmission;
    if (!admission) return socket.close(REALTIME_CLOSE.internalError, 'Not admitted');
    const send = (message: unknown) => watched.send(JSON.stringify(message));
    const error = (message: string) => send({ type: 'error', message });
    const watched = app.socketLimits.watch(socket, admission, (raw) => {
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        return error('Messages must be JSON');
      }
      const parsed = clientMessageSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'type';
        return error(`${field}: ${issue?.message ?? 'invalid'}`);
      }
      session.handle(parsed.data).catch((err: unknown) => {
        request.log.error({ err }, 'battle message failed');
        error('Server error');
      });
    });
    const user = request.sessionUser;
    const session = options.lobby.connect({
      key: request.ip,
      user: user ? { id: user.id, name: user.name, initials: user.initials } : null,
      send,
    });
    socket.once('close', () => session.close());
    send({ type: 'hello', signedIn: user !== null });
  });
}
