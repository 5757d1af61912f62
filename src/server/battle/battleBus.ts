/**
 * How Battle lobbies on different server instances talk (issue 17 item 5;
 * docs/decisions/028-battle-across-instances.md): each instance listens on its own channel and
 * sends small JSON messages to another's. On PostgreSQL that is LISTEN/NOTIFY
 * (postgresBattleBus.ts); in one process (PGlite, unit tests) it is this in-memory hub with the
 * same interface. Messages from one instance to another arrive in the order they were sent.
 */
import type {
  BattleClientMessage,
  BattleServerMessage,
} from '../../contracts/battle/battleProtocol.ts';

/**
 * NOTIFY payloads must be shorter than 8000 bytes (PostgreSQL's default). One message stays
 * well under: client frames are capped at 4 KiB and the largest server message (results) is
 * about 2 KiB; the rest is the envelope.
 */
export const BUS_MAX_PAYLOAD_BYTES = 7_900;

export interface RelayUser {
  readonly id: string;
  readonly name: string;
  readonly initials: string | null;
}

/**
 * The relay protocol. A player's socket is on a relay instance; the match (or room, or queue
 * entry) is on its owner. The owner keeps a stand-in session for the player and treats it like
 * a local one; the relay forwards the socket's messages in and the stand-in's messages out.
 * `ref` names the player's session on the relay.
 */
export type RelayMessage =
  /** relay → owner: make a stand-in session for the relay's player. */
  | { t: 'open'; from: string; ref: string; key: string; user: RelayUser | null }
  /**
   * relay → owner: a message the player sent. `routed`: a join or rejoin the relay sent here
   * because the room or match is here (otherwise the owner hands new games back to the relay).
   */
  | { t: 'in'; from: string; ref: string; message: BattleClientMessage; routed?: boolean }
  /**
   * relay → owner: start a quick match between the owner's waiting player (queue entry `entry`,
   * claimed in the lobby directory) and the relay's player, who asked with `quick`.
   */
  | {
      t: 'pair';
      from: string;
      ref: string;
      entry: string;
      quick: Extract<BattleClientMessage, { type: 'quick' }>;
    }
  /**
   * claimer → owner of a claimed quick-match entry whose claimer has gone meanwhile: put the
   * entry back in the shared queue if its player still waits.
   */
  | { t: 'requeue'; entry: string }
  /** relay → owner: the player's socket closed (or the relay is stopping). */
  | { t: 'close'; from: string; ref: string }
  /** owner → relay: a message for the player. */
  | { t: 'out'; ref: string; message: BattleServerMessage }
  /**
   * owner → relay: the owner has let the stand-in go (it is stopping, has no such stand-in, or
   * the player starts something new, which the relay then handles itself: `replay`). The
   * relay's session is its own again.
   */
  | { t: 'unbind'; ref: string; replay?: BattleClientMessage };

export interface BattleBus {
  /** This instance's id (lower-case letters and digits): its channel is battle_<id>. */
  readonly instanceId: string;
  /** Sends to another instance (or this one); delivery is asynchronous and in order. */
  send(to: string, message: RelayMessage): void;
  /** The one handler for messages to this instance. */
  listen(handler: (message: RelayMessage) => void): void;
  close(): Promise<void>;
}

/** Serialises a message, refusing one too large for a NOTIFY payload. */
export function encodeRelay(message: RelayMessage): string | null {
  const text = JSON.stringify(message);
  return Buffer.byteLength(text) <= BUS_MAX_PAYLOAD_BYTES ? text : null;
}

export interface MemoryBusHub {
  /** A bus for one instance of this process; instances joined to one hub reach each other. */
  join(instanceId?: string): BattleBus;
}

/** A random instance id: 12 hex digits (channel names are at most 63 bytes). */
export function newInstanceId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 12);
}

/**
 * Buses in one process. Messages go through JSON (as over NOTIFY, so nothing that cannot
 * travel slips through a test) and are delivered on the microtask queue, in order.
 */
export function memoryBusHub(onError: (error: unknown) => void = () => {}): MemoryBusHub {
  const handlers = new Map<string, (message: RelayMessage) => void>();
  return {
    join(instanceId = newInstanceId()) {
      return {
        instanceId,
        send(to, message) {
          const text = encodeRelay(message);
          if (text === null) return onError(new Error(`battle bus: ${message.t} too large`));
          queueMicrotask(() => handlers.get(to)?.(JSON.parse(text) as RelayMessage));
        },
        listen(handler) {
          handlers.set(instanceId, handler);
        },
        async close() {
          handlers.delete(instanceId);
        },
      };
    },
  };
}
