import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postForm } from '../postForm.ts';
import { resetStoresForTests, settingsStore } from '../../storage/settingsStore.ts';
import { flushOutbox, waitingItems } from '../../storage/outbox.ts';
import { sendOutboxItem } from './sendOutboxItem.ts';
import { getScoreService } from '../getScoreService.ts';
import type { ScoreService } from '../scoreService.ts';
import { keys } from '../../storage/keys.ts';
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { enqueue } from '../../storage/outbox.ts';
import { createSentNotices } from './sentNotices.ts';

vi.mock('../getScoreService.ts', () => ({ getScoreService: vi.fn() }));
import { RETRY_DELAYS_MS, startOutbox } from './startOutbox.ts';

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

  it("issue 18.1: an 'online' before the network carries anything is tried again, backing off, until sent", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      onLine = false;
      const offlineFetch = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
      expect(await postForm(fields, offlineFetch)).toEqual({ ok: true, queued: true });
      let reachable = false;
      const server = vi.fn<typeof fetch>(() =>
        reachable
          ? Promise.resolve(new Response('{}', { status: 200 }))
          : Promise.reject(new TypeError('Failed to fetch')),
      );
      const target = new EventTarget();
      const stop = startOutbox((item) => sendOutboxItem(item, server), target as never);
      onLine = true;
      target.dispatchEvent(new Event('online'));
      await flushed();
      expect(server).toHaveBeenCalledTimes(1);
      // Still unreachable 2 s later: tried again, kept, and the next try waits longer.
      await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
      expect(server).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1] - 1);
      expect(server).toHaveBeenCalledTimes(2);
      reachable = true;
      await vi.advanceTimersByTimeAsync(1);
      expect(server).toHaveBeenCalledTimes(3);
      expect(waitingItems(settingsStore())).toEqual([]);
      // Sent: nothing more is scheduled.
      await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.at(-1)! * 2);
      expect(server).toHaveBeenCalledTimes(3);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('issue 18.1: stopping the outbox cancels a retry it had scheduled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      onLine = false;
      const offlineFetch = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
      await postForm(fields, offlineFetch);
      onLine = true;
      const server = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 503 }));
      const stop = startOutbox((item) => sendOutboxItem(item, server), new EventTarget() as never);
      await flushed();
      expect(server).toHaveBeenCalledTimes(1);
      stop();
      await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.at(-1)! * 2);
      expect(server).toHaveBeenCalledTimes(1);
      expect(waitingItems(settingsStore())).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
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

describe('issue 18.1: a form whose ALTCHA check could not run offline', () => {
  const SECRET = 'test-hmac-secret';
  const request = {
    'form-name': 'feature-request',
    'bot-field': '',
    type: 'feature',
    title: 'Tempo trainer',
    email: 'angus@example.org',
    description: 'For strathspeys.',
  };
  /** The server: a challenge at /api/captcha/challenge (altcha-lib, as captchaService.ts makes it), the form at /. */
  function server(answerForm = 200) {
    return vi.fn<typeof fetch>(async (url) => {
      if (url === '/api/captcha/challenge') {
        const challenge = await createChallenge({
          algorithm: 'SHA-256',
          cost: 1,
          counter: 40,
          deriveKey,
          hmacSignatureSecret: SECRET,
        });
        return new Response(JSON.stringify(challenge), { status: 200 });
      }
      return new Response('{}', { status: answerForm });
    });
  }
  const solve = (challenge: Parameters<typeof solveChallenge>[0]['challenge']) =>
    solveChallenge({ challenge, deriveKey });

  it('issue 18.1: is kept with no proof and the network untried; back online, a challenge is fetched, solved and sent with the form', async () => {
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await postForm(request, offline, { humanCheckLater: true })).toEqual({
      ok: true,
      queued: true,
    });
    expect(offline).not.toHaveBeenCalled();
    expect(waitingItems(settingsStore())).toMatchObject([{ kind: 'form', humanCheck: 'altcha' }]);

    const online = server();
    const item = waitingItems(settingsStore())[0]!;
    expect(await sendOutboxItem(item, online, { solve })).toBe('sent');
    expect(online.mock.calls.map(([url]) => url)).toEqual(['/api/captcha/challenge', '/']);
    const body = new URLSearchParams(online.mock.calls[1]![1]!.body as string);
    expect(body.get('title')).toBe('Tempo trainer');
    // The proof is the widget's: the server's check accepts it.
    const proof = JSON.parse(atob(body.get('altcha')!)) as Parameters<typeof verifySolution>[0];
    const verdict = await verifySolution({ ...proof, deriveKey, hmacSignatureSecret: SECRET });
    expect(verdict.verified).toBe(true);
  });

  it('issue 18.1: no challenge (still unreachable, a server error) or no solution keeps it for next time', async () => {
    const item = {
      id: 'f',
      kind: 'form' as const,
      queuedAt: 1,
      fields: request,
      humanCheck: 'altcha' as const,
    };
    const down = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await sendOutboxItem(item, down, { solve })).toBe('retry');
    expect(await sendOutboxItem(item, server(), { solve: async () => null })).toBe('retry');
    const failing = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 503 }));
    expect(await sendOutboxItem(item, failing, { solve })).toBe('retry');
    expect(await sendOutboxItem(item, server(400), { solve })).toBe('refused');
  });

  it('issue 18.1: a Send Email message kept offline goes to the relay with a solved check', async () => {
    const relay = vi.fn<typeof fetch>(async (url, init) => {
      if (url === '/api/captcha/challenge') return server()(url, init);
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    });
    const item = {
      id: 'e',
      kind: 'email' as const,
      queuedAt: 1,
      email: { recipientId: 'band-1', message: 'See you at practice', email: 'm@example.org' },
      humanCheck: 'altcha' as const,
    };
    expect(await sendOutboxItem(item, relay, { solve })).toBe('sent');
    const [url, init] = relay.mock.calls[1]!;
    expect(url).toBe('/api/send-email');
    const sent = JSON.parse(init!.body as string) as Record<string, string>;
    expect(sent).toMatchObject({ recipientId: 'band-1', message: 'See you at practice' });
    expect(sent.captchaToken).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
  });

  it('issue 18.1: what was sent on reconnecting is told in a short notice', async () => {
    onLine = false;
    enqueue(settingsStore(), { kind: 'form', fields: request, humanCheck: 'altcha' });
    enqueue(settingsStore(), { kind: 'form', fields: fields });
    const notices = createSentNotices();
    const target = new EventTarget();
    const stop = startOutbox(
      (item) => sendOutboxItem(item, server(), { solve }),
      target as never,
      notices,
    );
    onLine = true;
    target.dispatchEvent(new Event('online'));
    await flushed();
    expect(waitingItems(settingsStore())).toEqual([]);
    expect(notices.getSnapshot()).toEqual([
      'Back online: your feature request kept on this device was sent.',
      'Back online: your message kept on this device was sent.',
    ]);
    notices.dismiss();
    expect(notices.getSnapshot()).toEqual([]);
    stop();
  });
});
