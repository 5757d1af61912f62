/**
 * The realtime socket (/api/realtime). Today it greets and answers pings so clients can keep a
 * connection alive; rooms fanned out across instances with LISTEN/NOTIFY come with the
 * features that need them (DESIGN.md 'Scale'). Origin, caps and frame size are checked before
 * this runs (src/server/realtime/realtimeSockets.ts); heartbeat, idle close and message rate
 * come from socketLimits.watch (issue 13 item 8).
 */
import type { FastifyInstance } from 'fastify';
import { realtimeRoutes as routes } from '../../contracts/api/realtimeRoutes.ts';
import { REALTIME_CLOSE } from '../../contracts/realtimeLimits.ts';

export async function realtimeRoutes(app: FastifyInstance, options: { instanceId: string }) {
  // A WebSocket upgrade is a GET (realtimeRoutes.ts); the path comes from the contract.
  app.get(routes.socket.pattern, { websocket: true }, (socket, request) => {
    const admission = request.socketAdmission;
    // Every upgrade passes the realtime-sockets hook first; without a slot, serve nothing.
    if (!admission) return socket.close(REALTIME_CLOSE.internalError, 'Not admitted');
    const watched = app.socketLimits.watch(socket, admission, (raw) => {
      let message: unknown;
      try {
        message = JSON.parse(raw.toString('utf8'));
      } catch {
        watched.send(JSON.stringify({ type: 'error', message: 'Messages must be JSON' }));
        return;
      }
      if (
        typeof message === 'object' &&
        message !== null &&
        (message as { type?: unknown }).type === 'ping'
      ) {
        watched.send(JSON.stringify({ type: 'pong', time: Date.now() }));
      } else {
        watched.send(JSON.stringify({ type: 'error', message: 'Unknown message type' }));
      }
    });
    watched.send(JSON.stringify({ type: 'welcome', instance: options.instanceId }));
  });
}
