/**
 * Sends one item of the offline outbox (issue 18 item 1; src/web/storage/outbox.ts): a site
 * form as postForm sends it (spec §7), a Send Email message through the relay (spec §2.4), the
 * human check of either solved now when it was kept without one, a Blaster score through the score service with the game
 * session it was played in (docs/decisions/008-score-integrity.md). A refusal that sending
 * again cannot change (validation, an expired session) drops the item; no answer, too many
 * requests or a server error keep it for the next time the connection returns.
 */
import { sendEmailRoutes } from '../../../contracts/api/sendEmailRoutes.ts';
import { HUMAN_CHECK_FIELD } from '../../../contracts/forms.ts';
import type { OutboxItem, SendOutcome } from '../../storage/outbox.ts';
import { rememberScoreSession } from '../../storage/rememberScoreSession.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { callApi } from '../apiClient.ts';
import { getScoreService } from '../getScoreService.ts';
import { solveHumanCheck, type SolveOptions } from './solveHumanCheck.ts';

const later = (status: number | undefined) =>
  status === undefined || status === 408 || status === 429 || status >= 500;

export interface SendOptions {
  /** Solves a human check for an item kept without one (tests pass a fake). */
  readonly solve?: SolveOptions['solve'];
}

export async function sendOutboxItem(
  item: OutboxItem,
  fetchImpl: typeof fetch = (url, init) => globalThis.fetch(url, init),
  options: SendOptions = {},
): Promise<SendOutcome> {
  // A form made offline: its human check runs now, in the background (solveHumanCheck.ts).
  let proof: string | null = null;
  if (item.kind !== 'score' && item.humanCheck === 'altcha') {
    proof = await solveHumanCheck({
      fetch: fetchImpl,
      ...(options.solve ? { solve: options.solve } : {}),
    });
    if (proof === null) return 'retry';
  }
  if (item.kind === 'form') {
    const fields = proof === null ? item.fields : { ...item.fields, [HUMAN_CHECK_FIELD]: proof };
    let response: Response;
    try {
      response = await fetchImpl('/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    } catch {
      return 'retry';
    }
    if (response.ok) return 'sent';
    return later(response.status) ? 'retry' : 'refused';
  }
  if (item.kind === 'email') {
    const result = await callApi(
      sendEmailRoutes.send,
      { body: { ...item.email, captchaToken: proof ?? '' } },
      { fetch: fetchImpl },
    );
    if (!result.error) return 'sent';
    if (result.error.code === 'network_error' || later(result.error.status)) return 'retry';
    return 'refused';
  }
  const service = await getScoreService();
  const result = await service.addHighScore(item.score);
  if (!result.error) {
    rememberScoreSession(settingsStore(), item.score.sessionId);
    return 'sent';
  }
  if (result.error.code === 'network_error' || later(result.error.status)) return 'retry';
  return 'refused';
}
