/**
 * Sends one feedback report to our server (POST /api/feedback). Spec §5: an empty message is
 * refused before anything is sent ('Unable to submit feedback with empty message.').
 */
import { monitoringRoutes } from '../../../contracts/api/monitoringRoutes.ts';
import { feedbackMessages } from '../../../contracts/monitoring.ts';
import { callApi } from '../../lib/apiClient.ts';

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
  fetchImpl?: typeof fetch,
): Promise<void> {
  const message = report.message.trim();
  if (!message) throw new EmptyFeedbackError();
  const result = await callApi(
    monitoringRoutes.feedback,
    {
      body: {
        name: report.name.trim(),
        email: report.email.trim(),
        message,
        url: report.url.slice(0, 2000),
      },
    },
    {
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
      messages: { failed: (status) => `Feedback refused: status ${status}` },
    },
  );
  if (result.error) throw new Error(result.error.message);
}
