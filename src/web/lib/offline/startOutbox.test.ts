import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postForm } from '../postForm.ts';
import { resetStoresForTests, settingsStore } from '../../storage/settingsStore.ts';
import { flushOutbox, waitingItems } from '../../storage/outbox.ts';
import { sendOutboxItem } from './sendOutboxItem.ts';
import { getScoreService } from '../getScoreService.ts';
import type { ScoreService } from '../scoreService.ts';
import { keys } from '../../storage/keys.ts';

vi.mock('../getScoreService.ts', () => ({ getScoreService: vi.fn() }));
import { startOutbox } from './startOutbox.ts';

const fields = { 'form-name': 'contact', name: 'Morag', email: 'm@example.org', message: 'Hi' };

let onLine = true;
beforeEach(() => {
  window.localStorage.clear();
  resetStoresForTests();
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
});
afterEach(() => vi.restoreAllMocks());

/**
 * Waits for the flush an online event started: flushOutbox answers a call during a flush with
 * that flush's promise (and otherwise sends nothing with this `send`).
 */
const flushed = () =>
  flushOutbox({ store: settingsStore(), send: async () => 'retry', locks: null });

describe('issue 18.1: forms kept offline are sent when the connection returns', () => {
  it('issue 18.1: kept while offline, sent once when online, not duplicated', async () => {
    onLine = false;
    const offlineFetch = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await postForm(fields, offlineFetch)).toEqual({ ok: true, queued: true });
    // Pressing Send again offline keeps one message.
    expect(await postForm(fields, offlineFetch)).toEqual({ ok: true, queued: true });
    expect(waitingItems(settingsStore())).toHaveLength(1);

    const server = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 200 }));
    const target = new EventTarget();
    const stop = startOutbox((item) => sendOutboxItem(item, server), target as never);
    await flushed();
    // Still offline at start: nothing sent, nothing lost.
    expect(server).not.toHaveBeenCalled();
    expect(waitingItems(settingsStore())).toHaveLength(1);

    onLine = true;
    target.dispatchEvent(new Event('online'));
    target.dispatchEvent(new Event('online'));
    await flushed();
    expect(server).toHaveBeenCalledTimes(1);
    const [url, init] = server.mock.calls[0]!;
    expect(url).toBe('/');
    expect(init?.body).toBe('form-name=contact&name=Morag&email=m%40example.org&message=Hi');
    expect(waitingItems(settingsStore())).toEqual([]);

    target.dispatchEvent(new Event('online'));
    await flushed();
    expect(server).toHaveBeenCalledTimes(1);
    stop();
  });

  it('issue 18.1: online but unreachable is not kept: the form says it failed (spec §7)', async () => {
    const failing = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await postForm(fields, failing)).toEqual({ ok: false, message: null });
    expect(waitingItems(settingsStore())).toEqual([]);
  });

  it('issue 18.1: a queued form the server refuses for good is dropped; a 429 or 5xx is kept', async () => {
    const item = { id: 'a', kind: 'form' as const, queuedAt: 1, fields };
    const answer = (status: number) =>
      vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status }));
    expect(await sendOutboxItem(item, answer(400))).toBe('refused');
    expect(await sendOutboxItem(item, answer(429))).toBe('retry');
    expect(await sendOutboxItem(item, answer(503))).toBe('retry');
    expect(await sendOutboxItem(item, answer(200))).toBe('sent');
  });

  it('issue 18.1: a kept Blaster score is sent with its game session; an expired session drops it', async () => {
    const SESSION = '3e9c4f5a-6b7d-4e8f-9a0b-c1d2e3f4a5b6';
    const score = { score: 340, level: 2, local_user_id: 'me', initials: 'MM', sessionId: SESSION };
    const item = { id: 's', kind: 'score' as const, queuedAt: 1, score };
    const addHighScore = vi.fn();
    vi.mocked(getScoreService).mockResolvedValue({ addHighScore } as unknown as ScoreService);
    addHighScore.mockResolvedValueOnce({
      data: null,
      error: { message: 'x', code: 'network_error' },
    });
    expect(await sendOutboxItem(item)).toBe('retry');
    addHighScore.mockResolvedValueOnce({
      data: null,
      error: { message: 'This game session has expired', code: 'session_expired', status: 400 },
    });
    expect(await sendOutboxItem(item)).toBe('refused');
    addHighScore.mockResolvedValueOnce({ data: { id: 1 }, error: null });
    expect(await sendOutboxItem(item)).toBe('sent');
    expect(addHighScore).toHaveBeenLastCalledWith(score);
    // Sent, the session becomes this device's proof of the score (rememberScoreSession).
    expect(settingsStore().read(keys.blasterScoreSessions)).toEqual([SESSION]);
  });
});
