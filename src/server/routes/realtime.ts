/**
 * The realtime socket (/api/realtime). Today it greets and answers pings so clients can keep a
 * connection alive; rooms fanned out across instances with LISTEN/NOTIFY come with the
 * features that need them (DESIGN.md 'Scale').
 */
import type { FastifyInstance } from 'fastify';

export async function realtimeRoutes(app: FastifyInstance, options: { instanceId: string }) {
  app.get('/api/realtime', { websocket: true }, (socket) => {
    socket.send(JSON.stringify({ type: 'welcome', instance: options.instanceId }));
    socket.on('message', (raw: Buffer) => {
      let message: unknown;
      try {
        message = JSON.parse(raw.toString('utf8'));
      } catch {
        socket.send(JSON.stringify({ type: 'error', message: 'Messages must be JSON' }));
        return;
      }
      if (
        typeof message === 'object' &&
        message !== null &&
        (message as { type?: unknown }).type === 'ping'
      ) {
        socket.send(JSON.stringify({ type: 'pong', time: Date.now() }));
      } else {
        socket.send(JSON.stringify({ type: 'error', message: 'Unknown message type' }));
      }
    });
  });
}
