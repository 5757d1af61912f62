/**
 * Sends one Send Email dialog message through our relay (spec §2.4, §3 'Email send payload:
 * message, sender email, captcha token', §9 'Email send timeout 5000 ms'). The recipient is an
 * id; the server knows the address.
 */
import { sendEmailRoutes } from '../../contracts/api/sendEmailRoutes.ts';
import { SEND_EMAIL_TIMEOUT_MS, sendEmailMessages } from '../../contracts/sendEmail.ts';
import { callApi } from '../lib/apiClient.ts';
import { enqueue } from '../storage/outbox.ts';
import { settingsStore } from '../storage/settingsStore.ts';

export interface EmailToSend {
  readonly recipientId: string;
  readonly message: string;
  readonly email: string;
  readonly captchaToken: string;
}

export type SendEmailResult =
  { readonly ok: true } | { readonly ok: false; readonly message: string };

export async function sendEmail(
  payload: EmailToSend,
  fetchImpl?: typeof fetch,
  timeoutMs = SEND_EMAIL_TIMEOUT_MS,
): Promise<SendEmailResult> {
  const result = await callApi(
    sendEmailRoutes.send,
    { body: payload },
    {
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
      signal: AbortSignal.timeout(timeoutMs),
      // A refusal without words of the server's, a network failure, an odd answer: one message.
      messages: {
        network: () => sendEmailMessages.failed,
        failed: () => sendEmailMessages.failed,
        badAnswer: () => sendEmailMessages.failed,
        aborted: sendEmailMessages.failed,
      },
    },
  );
  if (!result.error) return { ok: true };
  const { code, status } = result.error;
  if (code === 'timeout') return { ok: false, message: sendEmailMessages.timedOut };
  // The server's own words for a refusal (and for 502/503, which name the mail relay's
  // trouble); the generic message for a crash.
  const readable = status === undefined || status < 500 || status === 502 || status === 503;
  return { ok: false, message: readable ? result.error.message : sendEmailMessages.failed };
}

/**
 * Issue 18 item 1: written offline, the message waits in the outbox; its human check is solved
 * and it is sent when the connection returns (src/web/lib/offline/sendOutboxItem.ts). False
 * when it could not be kept (storage full or unavailable).
 */
export function keepEmail(payload: Omit<EmailToSend, 'captchaToken'>): boolean {
  const { recipientId, message, email } = payload;
  return enqueue(settingsStore(), {
    kind: 'email',
    email: { recipientId, message, email },
    humanCheck: 'altcha',
  });
}
