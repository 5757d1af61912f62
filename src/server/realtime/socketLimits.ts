/**
 * Limits for every realtime socket (issue 13 item 8; docs/decisions/018-websocket-limits.md):
 * how many may be open in all and per client, a ping/pong heartbeat that closes sockets nothing
 * has been heard from, a per-socket message rate, and a cap on what may queue unsent towards a
 * client that does not read. Frame size is ws's `maxPayload` (REALTIME_MAX_MESSAGE_BYTES, set
 * in realtimeSockets.ts). Rooms (issue 17, Battle) take their sockets through `watch` too.
 *
 * Time is a parameter (DESIGN habit 3): tests pass a clock and drive the heartbeat by hand.
 */
import { REALTIME_CLOSE } from '../../contracts/realtimeLimits.ts';

export interface SocketLimitSettings {
  /** Open sockets in all (REALTIME_MAX_CONNECTIONS). */
  maxConnections: number;
  /** Open sockets from one client, by request.ip (REALTIME_MAX_CONNECTIONS_PER_CLIENT). */
  maxConnectionsPerClient: number;
  /** How often the server pings each socket. */
  heartbeatMs: number;
  /** A socket with no message and no pong for this long is closed (1001). */
  idleTimeoutMs: number;
  /** Sustained messages (and pings) per second one socket may send... */
  messagesPerSecond: number;
  /** ...and how many it may send at once; past that it is closed (1008). */
  messageBurst: number;
  /** Bytes queued unsent towards a socket before it is dropped as not reading. */
  maxBufferedBytes: number;
  /** How long a closed socket has to answer the close frame before it is cut (ws closeTimeout). */
  closeGraceMs: number;
}

/**
 * Defaults besides the two caps (which config.ts owns). A browser answers pings by itself, so a
 * live tab is never idle: 40 s without a pong is two missed heartbeats and a margin. Battle's
 * busiest client sends a note event per note played (a fast embellishment is ~15 notes a
 * second) plus a ping: 20 a second sustained with a burst of 40 is above that and far below a
 * flood. ws's own close timeout is 30 s; 5 s is plenty for a client to answer a close frame.
 */
export const SOCKET_LIMIT_DEFAULTS = {
  heartbeatMs: 15_000,
  idleTimeoutMs: 40_000,
  messagesPerSecond: 20,
  messageBurst: 40,
  maxBufferedBytes: 64 * 1024,
  closeGraceMs: 5_000,
} as const satisfies Partial<SocketLimitSettings>;

/** ws's WebSocket.OPEN. */
const OPEN = 1;

/** What the limits need of a socket: a subset of ws's server-side WebSocket. */
export interface LimitedSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(event: 'ping' | 'pong', listener: () => void): unknown;
  once(event: 'close', listener: () => void): unknown;
  send(data: string): void;
  ping(): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

export interface SocketClock {
  now(): number;
  /** Repeats fn; the real clock's timer is unref'd so it never keeps the process alive. */
  every(ms: number, fn: () => void): { cancel(): void };
}

const systemClock: SocketClock = {
  now: () => performance.now(),
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    timer.unref();
    return { cancel: () => clearInterval(timer) };
  },
};

/** A slot held by one open (or opening) socket; release is idempotent. */
export interface Admission {
  readonly clientKey: string;
  release(): void;
}

/** A watched socket: send through it so a client that does not read cannot grow our buffers. */
export interface WatchedSocket {
  /** Sends text; false (and the socket is dropped) when too much is already queued. */
  send(text: string): boolean;
}

export interface SocketLimits {
  /** A slot for one more socket from clientKey, or null when a cap is reached. */
  admit(clientKey: string): Admission | null;
  /** Heartbeat, idle close and message rate for an admitted socket; releases it on close. */
  watch(
    socket: LimitedSocket,
    admission: Admission,
    onMessage: (data: Buffer, isBinary: boolean) => void,
  ): WatchedSocket;
  /** Sockets holding a slot now (for tests and health figures). */
  readonly open: number;
}

export function createSocketLimits(
  settings: SocketLimitSettings,
  clock: SocketClock = systemClock,
): SocketLimits {
  const perClient = new Map<string, number>();
  let open = 0;

  function admit(clientKey: string): Admission | null {
    const mine = perClient.get(clientKey) ?? 0;
    if (open >= settings.maxConnections || mine >= settings.maxConnectionsPerClient) return null;
    open += 1;
    perClient.set(clientKey, mine + 1);
    let released = false;
    return {
      clientKey,
      release() {
        if (released) return;
        released = true;
        open -= 1;
        const left = (perClient.get(clientKey) ?? 1) - 1;
        if (left > 0) perClient.set(clientKey, left);
        else perClient.delete(clientKey);
      },
    };
  }

  function watch(
    socket: LimitedSocket,
    admission: Admission,
    onMessage: (data: Buffer, isBinary: boolean) => void,
  ): WatchedSocket {
    let lastHeard = clock.now();
    // A token bucket: full at the start, refilled at messagesPerSecond.
    let tokens = settings.messageBurst;
    let refilledAt = lastHeard;
    let closing = false;

    const closeWith = (code: number, reason: string) => {
      if (closing) return;
      closing = true;
      heartbeat.cancel();
      socket.close(code, reason);
    };
    const heard = (): boolean => {
      const now = clock.now();
      lastHeard = now;
      tokens = Math.min(
        settings.messageBurst,
        tokens + ((now - refilledAt) * settings.messagesPerSecond) / 1000,
      );
      refilledAt = now;
      if (tokens < 1) {
        // Closing rather than dropping: a client over the rate is broken or hostile, and a
        // dropped game message would desynchronise it anyway.
        closeWith(REALTIME_CLOSE.policy, 'Too many messages');
        return false;
      }
      tokens -= 1;
      return true;
    };

    const heartbeat = clock.every(settings.heartbeatMs, () => {
      if (closing || socket.readyState !== OPEN) return;
      if (clock.now() - lastHeard >= settings.idleTimeoutMs) {
        closeWith(REALTIME_CLOSE.goingAway, 'Idle timeout');
      } else {
        socket.ping();
      }
    });

    socket.on('message', (data, isBinary) => {
      if (closing || !heard()) return;
      onMessage(data, isBinary);
    });
    // A ping costs us a pong: it counts against the rate like a message.
    socket.on('ping', () => {
      if (!closing) heard();
    });
    socket.on('pong', () => {
      lastHeard = clock.now();
    });
    socket.once('close', () => {
      closing = true;
      heartbeat.cancel();
      admission.release();
    });

    return {
      send(text) {
        if (closing || socket.readyState !== OPEN) return false;
        if (socket.bufferedAmount > settings.maxBufferedBytes) {
          // It does not read what we send: a close frame would queue behind the rest.
          closing = true;
          heartbeat.cancel();
          socket.terminate();
          return false;
        }
        socket.send(text);
        return true;
      },
    };
  }

  return {
    admit,
    watch,
    get open() {
      return open;
    },
  };
}
