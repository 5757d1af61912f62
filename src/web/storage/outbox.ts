/**
 * The offline outbox (issue 18 item 1: 'forms and score submissions that cannot be sent are
 * kept and sent when the connection returns'). Items live in the local settings store under
 * keys.outbox, so they survive a reload or a closed tab; `flushOutbox` sends them in order,
 * once: an item leaves the outbox when the server took it or refused it for good, and stays
 * when the network failed again. One flush at a time per tab, and per browser where the Web
 * Locks API exists (two tabs coming back online would otherwise both send).
 */
import { keys } from './keys.ts';
import { isOutboxItem, type OutboxItem } from './outboxItem.ts';
import type { SettingsStore } from './settingsStore.ts';

export type { OutboxItem } from './outboxItem.ts';

/** An item's payload: what `enqueue` is given. */
type PayloadOf<K extends OutboxItem['kind']> = Omit<
  Extract<OutboxItem, { kind: K }>,
  'id' | 'queuedAt'
>;
export type OutboxPayload = PayloadOf<'form'> | PayloadOf<'email'> | PayloadOf<'score'>;

/** Most items kept: a full outbox drops the oldest (a runaway loop must not fill storage). */
export const OUTBOX_LIMIT = 50;

/** What sending one item came to. */
export type SendOutcome =
  /** The server took it. */
  | 'sent'
  /** The server refused it for good (a validation error): sending again would not help. */
  | 'refused'
  /** No answer, or 'later' (429, 5xx): keep it and stop this flush. */
  | 'retry';

const payloadText = (p: OutboxPayload | OutboxItem) =>
  p.kind === 'form'
    ? JSON.stringify(['form', p.fields, p.humanCheck ?? null])
    : p.kind === 'email'
      ? JSON.stringify(['email', p.email])
      : JSON.stringify(['score', p.score]);

/**
 * Keeps `payload` for later; an identical payload already waiting is not kept twice (a piper
 * who presses Send again while offline sends one message). Returns false when it could not be
 * stored (storage full or unavailable).
 */
export function enqueue(
  store: SettingsStore,
  payload: OutboxPayload,
  now: number = Date.now(),
  id: string = globalThis.crypto?.randomUUID?.() ?? `${now}-${Math.random()}`,
): boolean {
  const waiting = waitingItems(store);
  const text = payloadText(payload);
  if (waiting.some((item) => payloadText(item) === text)) return true;
  const item = { ...payload, id, queuedAt: now } as OutboxItem;
  return store.write(keys.outbox, [...waiting, item].slice(-OUTBOX_LIMIT));
}

/** What waits, oldest first; an item of another shape (edited by hand, an older app) is skipped. */
export function waitingItems(store: SettingsStore): readonly OutboxItem[] {
  return store.read(keys.outbox).filter(isOutboxItem);
}

function removeItem(store: SettingsStore, id: string): void {
  store.write(
    keys.outbox,
    store.read(keys.outbox).filter((item) => item.id !== id),
  );
}

export interface FlushOptions {
  readonly store: SettingsStore;
  readonly send: (item: OutboxItem) => Promise<SendOutcome>;
  /** navigator.locks where the browser has it. */
  readonly locks?: Pick<LockManager, 'request'> | null;
}

const flushing = new WeakMap<SettingsStore, Promise<number>>();

/** Sends what waits, oldest first; resolves with how many the server took. */
export function flushOutbox(options: FlushOptions): Promise<number> {
  const running = flushing.get(options.store);
  if (running) return running;
  const locks =
    options.locks === undefined
      ? typeof navigator !== 'undefined'
        ? (navigator.locks ?? null)
        : null
      : options.locks;
  const run = async (): Promise<number> => {
    let sent = 0;
    // Read again for each item: another tab may have sent some before this lock was ours.
    for (;;) {
      const next = waitingItems(options.store)[0];
      if (!next) return sent;
      let outcome: SendOutcome;
      try {
        outcome = await options.send(next);
      } catch {
        outcome = 'retry';
      }
      if (outcome === 'retry') return sent;
      removeItem(options.store, next.id);
      if (outcome === 'sent') sent += 1;
    }
  };
  const flush = (locks ? locks.request('chanterlab-outbox', run) : run()).finally(() =>
    flushing.delete(options.store),
  ) as Promise<number>;
  flushing.set(options.store, flush);
  return flush;
}
