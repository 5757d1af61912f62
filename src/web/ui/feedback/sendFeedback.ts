/**
 * Sends one feedback report to our server (POST /api/feedback). Spec §5: an empty message is
 * refused before anything is sent ('Unable to submit feedback with empty message.').
 */
import { FEEDBACK_PATH, feedbackMessages } from '../../../contracts/monitoring.ts';

export interface FeedbackReport {
  readonly name: string;
  readonly email: string;
  readonly message: string;
  readonly url: string;
}

export class EmptyFeedbackError extends Error {
  override readonly name = 'EmptyFeedbackError';
  constructor() {
    super(feedbackMessages.emptyMessage);
  }
}

export async function sendFeedback(
  report: FeedbackReport,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<void> {
  const message = report.message.trim();
  if (!message) throw new EmptyFeedbackError();
  const response = await fetchImpl(FEEDBACK_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: report.name.trim(),
      email: report.email.trim(),
      message,
      url: report.url.slice(0, 2000),
    }),
  });
  if (!response.ok) throw new Error(`Feedback refused: status ${response.status}`);
}
