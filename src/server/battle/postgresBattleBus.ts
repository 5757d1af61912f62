/**
 * The Battle bus over PostgreSQL LISTEN/NOTIFY (issue 17 item 5; DESIGN.md 'realtime rooms
 * fanned out with LISTEN/NOTIFY'; docs/decisions/028-battle-across-instances.md). No extra
 * service: the database the instances already share carries their messages.
 *
 * - Each instance LISTENs on its own channel, battle_<instance id>, on a connection of its own
 *   (a pooled connection would be handed to queries and lose its LISTEN).
 * - Sends go through one more dedicated connection, so they reach PostgreSQL, and so every
 *   listener, in the order they were made. Messages queued while a statement is out are sent
 *   together in the next one: several messages to one instance share a payload (a JSON array
 *   under BUS_MAX_PAYLOAD_BYTES), several payloads share a statement — one round trip carries a
 *   burst (a verdict, a score and a state for two players) instead of one each.
 * - Each payload carries a sequence number: PostgreSQL folds identical payloads sent to one
 *   channel in one transaction into one.
 * - A lost connection is reopened with backoff (and LISTEN issued again); messages wait in a
 *   bounded queue meanwhile. What was in flight when it broke may be lost: a match then sees a
 *   missed answer or pong, which it survives (a dropped player has 30 s to come back).
 */
import type pg from 'pg';
import {
  encodeRelay,
  type BattleBus,
  type RelayMessage,
  BUS_MAX_PAYLOAD_BYTES,
} from './battleBus.ts';

/** Messages kept while the sending connection is down; more are dropped (and logged). */
const MAX_QUEUED = 50_000;
/** Notifications per statement. */
const MAX_PER_STATEMENT = 64;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

export interface PostgresBusOptions {
  instanceId: string;
  /** Opens a new connection to the shared database (not from the pool). */
  connect: () => Promise<pg.Client>;
  onError?: (error: unknown, what: string) => void;
}

export function channelOf(instanceId: string): string {
  if (!/^[a-z0-9]{1,40}$/.test(instanceId)) throw new Error('bad battle instance id');
  return `battle_${instanceId}`;
}

export async function createPostgresBattleBus(o: PostgresBusOptions): Promise<BattleBus> {
  const report = o.onError ?? (() => {});
  const channel = channelOf(o.instanceId);
  let handler: (message: RelayMessage) => void = () => {};
  let closed = false;
  let listener: pg.Client | null = null;
  let sender: pg.Client | null = null;
  let seq = 0;
  const queue: { to: string; text: string }[] = [];

  function deliver(payload: string) {
    let parsed: { m: RelayMessage[] };
    try {
      parsed = JSON.parse(payload) as { m: RelayMessage[] };
    } catch (error) {
      return report(error, 'unreadable battle bus payload');
    }
    for (const message of parsed.m) {
      try {
        handler(message);
      } catch (error) {
        report(error, 'battle bus handler failed');
      }
    }
  }

  async function openListener(): Promise<void> {
    const client = await o.connect();
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload) deliver(n.payload);
    });
    client.on('error', (error) => {
      report(error, 'battle bus listener lost');
      void reopen('listener', client);
    });
    await client.query(`LISTEN ${channel}`);
    listener = client;
  }

  async function openSender(): Promise<void> {
    const client = await o.connect();
    client.on('error', (error) => {
      report(error, 'battle bus sender lost');
      void reopen('sender', client);
    });
    sender = client;
    void flush();
  }

  async function reopen(which: 'listener' | 'sender', broken: pg.Client) {
    if (which === 'listener' ? listener !== broken : sender !== broken) return;
    if (which === 'listener') listener = null;
    else sender = null;
    void broken.end().catch(() => {});
    let delay = FIRST_RETRY_MS;
    while (!closed) {
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      if (closed) return;
      try {
        await (which === 'listener' ? openListener() : openSender());
        return;
      } catch (error) {
        report(error, `battle bus ${which} reconnect failed`);
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    }
  }

  /**
   * Packs queued messages, in order, into payloads (consecutive messages to one instance share
   * one, under the limit) and payloads into one statement: notifications of one transaction
   * are delivered in the order they were made.
   */
  function nextStatement(): { text: string; values: string[]; taken: number } {
    const payloads: { to: string; parts: string[]; bytes: number }[] = [];
    let taken = 0;
    for (const item of queue) {
      const bytes = Buffer.byteLength(item.text) + 1;
      const last = payloads.at(-1);
      if (last?.to === item.to && last.bytes + bytes <= BUS_MAX_PAYLOAD_BYTES) {
        last.parts.push(item.text);
        last.bytes += bytes;
      } else {
        if (payloads.length >= MAX_PER_STATEMENT) break;
        payloads.push({ to: item.to, parts: [item.text], bytes: bytes + 30 });
      }
      taken += 1;
    }
    const values: string[] = [];
    const calls = payloads.map((p, i) => {
      values.push(channelOf(p.to), `{"s":${++seq},"m":[${p.parts.join(',')}]}`);
      return `pg_notify($${2 * i + 1}, $${2 * i + 2})`;
    });
    return { text: `select ${calls.join(', ')}`, values, taken };
  }

  let flushing: Promise<void> | null = null;

  /** Sends what is queued; one statement at a time, so nothing overtakes. */
  function flush(): Promise<void> {
    if (flushing) return flushing;
    if (queue.length === 0 || !sender) return Promise.resolve();
    const run = async () => {
      while (queue.length > 0 && sender) {
        const client = sender;
        const statement = nextStatement();
        try {
          await client.query(statement.text, statement.values);
        } catch (error) {
          // The connection broke (reopen() runs from its error event) or PostgreSQL refused
          // the statement: these messages are dropped rather than retried for ever.
          report(error, 'battle bus send failed');
        }
        queue.splice(0, statement.taken);
      }
    };
    flushing = run().finally(() => (flushing = null));
    return flushing;
  }

  await openListener();
  await openSender();

  return {
    instanceId: o.instanceId,
    send(to, message) {
      if (closed) return;
      const text = encodeRelay(message);
      if (text === null)
        return report(new Error(`${message.t} over the payload limit`), 'battle bus');
      if (queue.length >= MAX_QUEUED) return report(new Error('queue full'), 'battle bus');
      queue.push({ to, text });
      void flush();
    },
    listen(next) {
      handler = next;
    },
    async close() {
      // Let queued messages go (the stopping instance's goodbyes), then hang up.
      await flush();
      closed = true;
      await Promise.all([listener?.end(), sender?.end()].map((p) => p?.catch(() => {})));
      listener = null;
      sender = null;
    },
  };
}
