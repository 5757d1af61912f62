/**
 * Websockets with limits (issue 13 item 8; docs/decisions/018-websocket-limits.md). Registers
 * @fastify/websocket with a 4 KiB frame limit and a short close timeout, and a root-level
 * `onRequest` hook that decides on every upgrade before anything costly runs — it is
 * registered before the actor plugin, so a refused upgrade never reaches the session lookup:
 *
 * - a foreign `Origin` is refused with 403 before the handshake (cross-site websocket
 *   hijacking: the browser sends the visitor's cookies with any page's upgrade);
 * - past the total or per-client cap the handshake completes only to close with 1013 'try again
 *   later', which a browser script can read (a refused handshake shows only as 1006).
 *
 * On app.close() (SIGTERM in main.ts) every socket gets 1001 and close waits for them, cut
 * after closeGraceMs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { REALTIME_CLOSE, REALTIME_MAX_MESSAGE_BYTES } from '../../contracts/realtimeLimits.ts';
import { forbidden } from '../services/errors.ts';
import {
  createSocketLimits,
  type Admission,
  type SocketLimits,
  type SocketLimitSettings,
} from './socketLimits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    socketLimits: SocketLimits;
    /**
     * Runs fn on app.close() before every socket gets 1001, so a room can say goodbye first
     * (issue 17 item 5: Battle ends its matches with a message). preClose hooks added later by
     * a route plugin would run after the sockets are already closed.
     */
    beforeSocketsClose(fn: () => Promise<void>): void;
  }
  interface FastifyRequest {
    /** The slot an admitted upgrade holds; released when its connection closes. */
    socketAdmission: Admission | null;
  }
}

export interface RealtimeSocketOptions {
  /** The site's origins: the same list the auth routes accept (accountSite in app.ts). */
  origins: readonly string[];
  limits: SocketLimitSettings;
}

/**
 * No `Origin` is allowed: browsers always send one with a websocket handshake (RFC 6455 §4.1,
 * and the Fetch standard), so its absence means a non-browser client, which could write any
 * Origin it liked — refusing it would stop no attacker. Such clients still meet every cap.
 */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  return allowed.some((site) => new URL(site).origin === origin);
}

/** Minimal view of ws's server, enough to complete and close a refused handshake. */
interface UpgradeServer {
  handleUpgrade(
    request: FastifyRequest['raw'],
    socket: NonNullable<FastifyRequest['raw']['socket']>,
    head: Buffer,
    done: (socket: {
      on(event: 'error', listener: () => void): unknown;
      close(code: number, reason: string): void;
    }) => void,
  ): void;
  clients: Set<ClosingSocket>;
  close(done: () => void): void;
}

interface ClosingSocket {
  readonly readyState: number;
  once(event: 'close', listener: () => void): unknown;
  close(code: number, reason: string): void;
}

/** ws's WebSocket.OPEN and CLOSED. */
const OPEN = 1;
const CLOSED = 3;

/** Over a cap: answer the handshake ourselves and close with 1013, skipping routes and auth. */
function refuseOverCap(server: UpgradeServer, request: FastifyRequest, reply: FastifyReply) {
  const socket = request.raw.socket;
  // app.injectWS() has no TCP socket to hand to ws; refuse it as plain HTTP instead.
  if (!socket) {
    return reply
      .code(503)
      .send({ error: { message: 'Too many connections', code: 'try_again_later' } });
  }
  reply.hijack();
  // Clients may not send frames before the 101 (RFC 6455 §4.1), so there is no head to keep.
  server.handleUpgrade(request.raw, socket, Buffer.alloc(0), (ws) => {
    // ws emits 'error' for a bad frame (an over-size one, say) even while closing; without a
    // listener that would throw and stop the server. ws closes the connection itself.
    ws.on('error', () => {});
    ws.close(REALTIME_CLOSE.tryAgainLater, 'Too many connections; try again later');
  });
  return reply;
}

/** Every socket gets 1001; ws cuts those that do not answer after closeTimeout. */
async function closeAll(server: UpgradeServer): Promise<void> {
  await Promise.all(
    [...server.clients].map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close(REALTIME_CLOSE.goingAway, 'Server shutting down');
        }),
    ),
  );
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export const realtimeSockets = fp(
  async (app: FastifyInstance, options: RealtimeSocketOptions) => {
    const limits = createSocketLimits(options.limits);
    app.decorate('socketLimits', limits);
    const goodbyes: (() => Promise<void>)[] = [];
    app.decorate('beforeSocketsClose', (fn: () => Promise<void>) => void goodbyes.push(fn));
    app.decorateRequest('socketAdmission', null);
    await app.register(websocket, {
      options: {
        maxPayload: REALTIME_MAX_MESSAGE_BYTES,
        // Compression would let a small frame inflate to a large message: keep it off.
        perMessageDeflate: false,
        closeTimeout: options.limits.closeGraceMs,
      },
      // ws has already sent the close frame for a protocol error (1009 too big, 1002 bad
      // frame); the default handler would cut the connection before the client read it.
      errorHandler(error, socket, request) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
          request.log.info({ code }, 'realtime socket closed: client broke the protocol');
        } else {
          request.log.error({ err: error }, 'realtime socket failed');
        }
        if (socket.readyState === OPEN) socket.close(REALTIME_CLOSE.internalError, 'Server error');
      },
      async preClose(this: FastifyInstance) {
        await Promise.allSettled(goodbyes.map((fn) => fn()));
        return closeAll(this.websocketServer as unknown as UpgradeServer);
      },
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!request.ws) return;
      if (!originAllowed(request.headers.origin, options.origins)) {
        throw forbidden('This connection must come from the site itself.', 'invalid_origin');
      }
      const admission = limits.admit(request.ip);
      if (!admission) {
        return refuseOverCap(app.websocketServer as unknown as UpgradeServer, request, reply);
      }
      request.socketAdmission = admission;
      // Released whatever happens next (refused later, no such route, closed): the slot belongs
      // to the TCP connection.
      request.raw.socket?.once('close', () => admission.release());
    });
  },
  { name: 'realtime-sockets' },
);
