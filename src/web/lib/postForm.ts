/**
 * Sends a site form the way spec §7 describes: POST to the site root, urlencoded (R-7.CONTACT-01,
 * R-7.CONTACT-02, R-7.FEAT-01). Success needs nothing from the answer's body (R-7.FEAT-04); a
 * refusal brings the server's message so the screen never shows a false confirmation. Each
 * outcome is counted as a form_submission analytics event (spec §3 'Analytics events').
 */
import { trackFormSubmission } from './analytics.ts';

export type PostFormResult =
  | { readonly ok: true }
  /** `message` is the server's own (a validation or wait message); null for network failures. */
  | { readonly ok: false; readonly message: string | null };

async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : null;
  } catch {
    return null;
  }
}

export async function postForm(
  fields: Record<string, string>,
  fetchImpl: typeof fetch = fetch,
): Promise<PostFormResult> {
  let response: Response;
  try {
    response = await fetchImpl('/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  } catch {
    trackFormSubmission(fields['form-name'] ?? 'unknown', false);
    return { ok: false, message: null };
  }
  trackFormSubmission(fields['form-name'] ?? 'unknown', response.ok);
  if (response.ok) return { ok: true };
  // A 5xx says nothing the user can act on: the screen shows its own failure message.
  return { ok: false, message: response.status < 500 ? await serverMessage(response) : null };
}
