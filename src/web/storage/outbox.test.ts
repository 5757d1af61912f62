import { describe, expect, it, vi } from 'vitest';
import { FakeStorage } from './fakeStorage.ts';
import { keys } from './keys.ts';
import {
  enqueue,
  flushOutbox,
  OUTBOX_LIMIT,
  waitingItems,
  type OutboxItem,
  type SendOutcome,
} from './outbox.ts';
import { createSettingsStore } from './settingsStore.ts';

const store = () => createSettingsStore(new FakeStorage(), { events: null });
const form = (message: string) => ({
  kind: 'form' as const,
  fields: { 'form-name': 'contact', name: 'Morag', email: 'm@example.org', message },
});

describe('issue 18.1: the offline outbox', () => {
  it('issue 18.1: keeps items in order in the local store; the same item twice is kept once', () => {
    const s = store();
    expect(enqueue(s, form('one'), 1, 'a')).toBe(true);
    expect(enqueue(s, form('two'), 2, 'b')).toBe(true);
    expect(enqueue(s, form('one'), 3, 'c')).toBe(true);
    expect(waitingItems(s).map((i) => i.id)).toEqual(['a', 'b']);
    // Survives a reload: another store on the same storage reads the same items.
    expect(keys.outbox.disposable).toBe(false);
  });

  it('issue 18.1: sent once when online, oldest first; a failed send keeps the rest', async () => {
    const s = store();
    enqueue(s, form('one'), 1, 'a');
    enqueue(s, form('two'), 2, 'b');
    enqueue(s, form('three'), 3, 'c');
    const outcomes: SendOutcome[] = ['sent', 'retry'];
    const send = vi.fn(async (_item: OutboxItem) => outcomes.shift() ?? 'sent');
    expect(await flushOutbox({ store: s, send, locks: null })).toBe(1);
    expect(send.mock.calls.map(([item]) => item.id)).toEqual(['a', 'b']);
    expect(waitingItems(s).map((i) => i.id)).toEqual(['b', 'c']);
    expect(await flushOutbox({ store: s, send, locks: null })).toBe(2);
    expect(waitingItems(s)).toEqual([]);
    expect(send.mock.calls.map(([item]) => item.id)).toEqual(['a', 'b', 'b', 'c']);
  });

  it('issue 18.1: two flushes at once (two online events) send each item once', async () => {
    const s = store();
    enqueue(s, form('one'), 1, 'a');
    let release: () => void = () => {};
    const send = vi.fn(
      () =>
        new Promise<SendOutcome>((resolve) => {
          release = () => resolve('sent');
        }),
    );
    const first = flushOutbox({ store: s, send, locks: null });
    const second = flushOutbox({ store: s, send, locks: null });
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('issue 18.1: a refused item is dropped (sending again cannot help); a thrown send is kept', async () => {
    const s = store();
    enqueue(s, form('bad'), 1, 'a');
    enqueue(s, form('good'), 2, 'b');
    expect(await flushOutbox({ store: s, send: async () => 'refused', locks: null })).toBe(0);
    expect(waitingItems(s).map((i) => i.id)).toEqual([]);
    enqueue(s, form('later'), 3, 'c');
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await flushOutbox({ store: s, send, locks: null })).toBe(0);
    expect(waitingItems(s).map((i) => i.id)).toEqual(['c']);
  });

  it('issue 18.1: an item of another shape is never sent', async () => {
    const s = store();
    s.write(keys.outbox, [{ id: 'x', kind: 'form', queuedAt: 1, fields: { n: 3 } }] as never);
    enqueue(s, form('ok'), 2, 'a');
    const send = vi.fn(async (_item: OutboxItem): Promise<SendOutcome> => 'sent');
    expect(await flushOutbox({ store: s, send, locks: null })).toBe(1);
    expect(send.mock.calls.map(([item]) => item.id)).toEqual(['a']);
  });

  it('issue 18.1: at most OUTBOX_LIMIT items, the oldest dropped first', () => {
    const s = store();
    for (let i = 0; i <= OUTBOX_LIMIT; i++) enqueue(s, form(`m${i}`), i, `id${i}`);
    const ids = waitingItems(s).map((i) => i.id);
    expect(ids).toHaveLength(OUTBOX_LIMIT);
    expect(ids[0]).toBe('id1');
  });
});
