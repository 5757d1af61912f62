import { describe, expect, it, vi } from 'vitest';
import {
  SEND_EMAIL_PATH,
  SEND_EMAIL_TIMEOUT_MS,
  sendEmailMessages,
} from '../../contracts/sendEmail.ts';
import { sendEmail } from './sendEmail.ts';

const payload = { recipientId: 'site-owner', message: 'Hi', email: 'a@b.c', captchaToken: 't' };

describe('sendEmail', () => {
  it('R-9.CONST-47 posts JSON to the relay with a 5000 ms timeout', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"ok":true}'));
    expect(await sendEmail(payload, fetchImpl)).toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe(SEND_EMAIL_PATH);
    expect(JSON.parse(String(init?.body))).toEqual(payload);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(SEND_EMAIL_TIMEOUT_MS).toBe(5000);
  });

  it('a server that does not answer in time gives the timed-out message', async () => {
    const never = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as unknown as typeof fetch;
    expect(await sendEmail(payload, never, 20)).toEqual({
      ok: false,
      message: sendEmailMessages.timedOut,
    });
  });

  it("a refusal carries the server's message; a network failure the generic one", async () => {
    const refused = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        new Response(JSON.stringify({ error: { message: 'Email is required.' } }), { status: 400 }),
      );
    expect(await sendEmail(payload, refused)).toEqual({ ok: false, message: 'Email is required.' });
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await sendEmail(payload, offline)).toEqual({
      ok: false,
      message: sendEmailMessages.failed,
    });
  });
});
