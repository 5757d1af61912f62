/**
 * A websocket client for realtime tests against a listening server (issue 13 item 8): the `ws`
 * package's client, which @fastify/websocket already installs. The project has no @types/ws,
 * so the few members the tests use are typed here.
 */
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';

export interface WsClientOptions {
  headers?: Record<string, string>;
  /** Connect from this loopback address (127.0.0.2, …): another client by request.ip. */
  localAddress?: string;
  /** false: ignore the server's pings, like a dead peer. */
  autoPong?: boolean;
}

export interface WsClient {
  readonly readyState: number;
  on(event: 'open' | 'ping', listener: () => void): this;
  on(event: 'message', listener: (data: Buffer) => void): this;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(event: 'unexpected-response', listener: (req: unknown, res: IncomingMessage) => void): this;
  send(data: string | Buffer, options?: { fin?: boolean }, done?: (error?: Error) => void): void;
  close(): void;
  terminate(): void;
}

type WsClientClass = new (url: string, options?: WsClientOptions) => WsClient;

export const WebSocketClient = createRequire(import.meta.url)('ws') as WsClientClass;

export const WS_OPEN = 1;

/** How a connection attempt ended first: admitted (welcome), closed, or refused over HTTP. */
export type Outcome =
  | { kind: 'welcome' }
  | { kind: 'closed'; code: number; reason: string }
  | { kind: 'refused'; status: number; body: string };

export interface TestSocket {
  ws: WsClient;
  /** Messages received, parsed. */
  messages: Record<string, unknown>[];
  /** Resolves on the welcome message, a close or an HTTP refusal, whichever comes first. */
  outcome: Promise<Outcome>;
  /** Resolves when the socket has closed (or the handshake was refused: code 1006). */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with message number `index` (0 is the welcome). */
  message(index: number): Promise<Record<string, unknown>>;
  /** Pings received from the server so far. */
  pings(): number;
  /** Resolves when `count` pings have arrived in all, or rejects if the socket closes first. */
  pingsReached(count: number): Promise<void>;
}

export function openRealtime(baseUrl: string, options: WsClientOptions = {}): TestSocket {
  const ws = new WebSocketClient(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, options);
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  let pingCount = 0;
  let closeInfo: { code: number; reason: string } | undefined;
  let settle: (outcome: Outcome) => void = () => {};
  const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      closeInfo = { code, reason: reason.toString() };
      settle({ kind: 'closed', ...closeInfo });
      resolve(closeInfo);
      wake();
    });
  });
  ws.on('message', (data) => {
    const parsed = JSON.parse(data.toString()) as Record<string, unknown>;
    messages.push(parsed);
    if (parsed.type === 'welcome') settle({ kind: 'welcome' });
    wake();
  });
  ws.on('ping', () => {
    pingCount += 1;
    wake();
  });
  ws.on('unexpected-response', (_req, res) => {
    let body = '';
    res.on('data', (chunk: Buffer) => (body += chunk.toString()));
    res.on('end', () => {
      settle({ kind: 'refused', status: res.statusCode ?? 0, body });
      ws.terminate();
    });
  });
  // Errors (refused handshakes, resets) also end in 'close'; the outcome says which.
  ws.on('error', () => {});

  const until = async (done: () => boolean, what: string) => {
    while (!done()) {
      if (closeInfo) throw new Error(`socket closed (${closeInfo.code}) before ${what}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return {
    ws,
    messages,
    outcome,
    closed,
    async message(index) {
      await until(() => messages.length > index, `message ${index}`);
      return messages[index]!;
    },
    pings: () => pingCount,
    pingsReached: (count) => until(() => pingCount >= count, `${count} pings`),
  };
}
