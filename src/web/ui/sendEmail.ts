/**
 * Sends one Send Email dialog message through our relay (spec §2.4, §3 'Email send payload:
 * message, sender email, captcha token', §9 'Email send timeout 5000 ms'). The recipient is an
 * id; the server knows the address.
 */
import {
  SEND_EMAIL_PATH,
  SEND_EMAIL_TIMEOUT_MS,
  sendEmailMessages,
} from '../../contracts/sendEmail.ts';

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
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
  timeoutMs = SEND_EMAIL_TIMEOUT_MS,
): Promise<SendEmailResult> {
  let response: Response;
  try {
    response = await fetchImpl(SEND_EMAIL_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    return {
      ok: false,
      message: name === 'TimeoutError' ? sendEmailMessages.timedOut : sendEmailMessages.failed,
    };
  }
  if (response.ok) return { ok: true };
  let message: string = sendEmailMessages.failed;
  if (response.status < 500 || response.status === 502 || response.status === 503) {
    try {
      const body = (await response.json()) as { error?: { message?: unknown } };
      if (typeof body.error?.message === 'string') message = body.error.message;
    } catch {
      // keep the generic message
    }
  }
  return { ok: false, message };
}
