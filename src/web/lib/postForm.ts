/**
 * Sends a site form the way spec §7 describes: POST to the site root, urlencoded (R-7.CONTACT-01,
 * R-7.CONTACT-02, R-7.FEAT-01). Success needs nothing from the answer's body (R-7.FEAT-04); a
 * refusal brings the server's message so the screen never shows a false confirmation. Each
 * outcome is counted as a form_submission analytics event (spec §3 'Analytics events').
 * Offline (the browser says it has no network), the form is kept in the outbox and sent when
 * the connection returns (issue 18 item 1): the answer is then `{ ok: true, queued: true }`. A
 * form whose ALTCHA check could not run offline is kept with a mark to solve it then.
 */
import { trackFormSubmission } from './analytics.ts';
import { isOnline } from './offline/onlineStatus.ts';
import { enqueue } from '../storage/outbox.ts';
import type { OutboxHumanCheck } from '../storage/outboxItem.ts';
import { settingsStore } from '../storage/settingsStore.ts';

export type PostFormResult =
  | { readonly ok: true; readonly queued?: true }
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

export interface PostFormOptions {
  readonly online?: () => boolean;
  /** Keeps the fields for later; false when they could not be kept. */
  readonly keep?: (fields: Record<string, string>, humanCheck?: OutboxHumanCheck) => boolean;
  /**
   * Written offline, its ALTCHA check not yet run (HumanCheck's HUMAN_CHECK_LATER): kept at
   * once, without trying the network, and its check solved when the connection returns.
   */
  readonly humanCheckLater?: boolean;
}

const keepInOutbox = (fields: Record<string, string>, humanCheck?: OutboxHumanCheck) =>
  enqueue(settingsStore(), { kind: 'form', fields, ...(humanCheck ? { humanCheck } : {}) });

export async function postForm(
  fields: Record<string, string>,
  fetchImpl: typeof fetch = fetch,
  { online = isOnline, keep = keepInOutbox, humanCheckLater = false }: PostFormOptions = {},
): Promise<PostFormResult> {
  if (humanCheckLater) {
    // Without a proof the server would refuse it: it waits for its check (issue 18 item 1).
    if (keep(fields, 'altcha')) return { ok: true, queued: true };
    trackFormSubmission(fields['form-name'] ?? 'unknown', false);
    return { ok: false, message: null };
  }
  let response: Response;
  try {
    response = await fetchImpl('/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  } catch {
    // Offline: kept and sent later. Online, the server is down or unreachable: the screen says
    // so (spec §7 'Failed to send message'), and the piper decides.
    if (!online() && keep(fields)) return { ok: true, queued: true };
    trackFormSubmission(fields['form-name'] ?? 'unknown', false);
    return { ok: false, message: null };
  }
  trackFormSubmission(fields['form-name'] ?? 'unknown', response.ok);
  if (response.ok) return { ok: true };
  // A 5xx says nothing the user can act on: the screen shows its own failure message.
  return { ok: false, message: response.status < 500 ? await serverMessage(response) : null };
}
