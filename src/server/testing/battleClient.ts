/**
 * A Battle socket client for API tests (issue 17): the `ws` client against a listening app,
 * every message kept in order, and waits that resolve on a message (never on time).
 */
import { WebSocketClient, type WsClient, type WsClientOptions } from './realtimeClient.ts';
import {
  BATTLE_PATH,
  type BattleClientMessageInput,
  type BattleServerMessage,
} from '../../contracts/battle/battleProtocol.ts';

type Of<T extends BattleServerMessage['type']> = Extract<BattleServerMessage, { type: T }>;

export interface BattleTestClient {
  ws: WsClient;
  messages: BattleServerMessage[];
  send(message: BattleClientMessageInput | Record<string, unknown>): void;
  /** Resolves with the first message after index `from` of `type` that satisfies `match`. */
  next<T extends BattleServerMessage['type']>(
    type: T,
    match?: (m: Of<T>) => boolean,
    from?: number,
  ): Promise<Of<T>>;
  closed: Promise<{ code: number }>;
}

export function openBattle(baseUrl: string, options: WsClientOptions = {}): BattleTestClient {
  const ws = new WebSocketClient(`${baseUrl.replace(/^http/, 'ws')}${BATTLE_PATH}`, options);
  const messages: BattleServerMessage[] = [];
  const waiters = new Set<() => void>();
  let isClosed = false;
  const closed = new Promise<{ code: number }>((resolve) =>
    ws.on('close', (code) => {
      isClosed = true;
      resolve({ code });
      for (const w of [...waiters]) w();
    }),
  );
  ws.on('error', () => {});
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as BattleServerMessage;
    messages.push(message);
    // Answer the server's pings as a browser client would: that is how it measures delay.
    if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong', id: message.id }));
    for (const w of [...waiters]) w();
  });
  const opened = new Promise<void>((resolve) => ws.on('open', () => resolve()));
  return {
    ws,
    messages,
    send(message) {
      void opened.then(() => ws.send(JSON.stringify(message)));
    },
    next(type, match = () => true, from = 0) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = messages.slice(from).find((m) => m.type === type && match(m as never));
          if (found) {
            waiters.delete(look);
            resolve(found as never);
          } else if (isClosed) {
            waiters.delete(look);
            reject(new Error(`socket closed before a ${type} message`));
          }
        };
        waiters.add(look);
        look();
      });
    },
    closed,
  };
}
