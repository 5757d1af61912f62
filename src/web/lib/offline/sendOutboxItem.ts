/**
 * Sends one item of the offline outbox (issue 18 item 1; src/web/storage/outbox.ts): a site
 * form as postForm sends it (spec §7), a Blaster score through the score service with the game
 * session it was played in (docs/decisions/008-score-integrity.md). A refusal that sending
 * again cannot change (validation, an expired session) drops the item; no answer, too many
 * requests or a server error keep it for the next time the connection returns.
 */
import type { OutboxItem, SendOutcome } from '../../storage/outbox.ts';
import { rememberScoreSession } from '../../storage/rememberScoreSession.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { getScoreService } from '../getScoreService.ts';

const later = (status: number | undefined) =>
  status === undefined || status === 408 || status === 429 || status >= 500;

export async function sendOutboxItem(
  item: OutboxItem,
  fetchImpl: typeof fetch = (url, init) => globalThis.fetch(url, init),
): Promise<SendOutcome> {
  if (item.kind === 'form') {
    let response: Response;
    try {
      response = await fetchImpl('/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(item.fields).toString(),
      });
    } catch {
      return 'retry';
    }
    if (response.ok) return 'sent';
    return later(response.status) ? 'retry' : 'refused';
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
