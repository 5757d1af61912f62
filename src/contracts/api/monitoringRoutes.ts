/**
 * Reports from browsers (issue 8 parts 5–7; spec §7 'Monitoring', §2.4 'Feedback widget'),
 * defined once (issue 15 item 1). Error reports and analytics may also arrive by sendBeacon
 * as text/plain carrying the same JSON.
 */
import { z } from 'zod';
import {
  ANALYTICS_PATH,
  CLIENT_ERRORS_PATH,
  FEEDBACK_PATH,
  analyticsBatchSchema,
  clientErrorBatchSchema,
  feedbackSchema,
} from '../monitoring.ts';
import { defineRoute } from './apiRoute.ts';

const stored = z.object({ stored: z.number() });

export const monitoringRoutes = {
  clientErrors: defineRoute({
    method: 'POST',
    pattern: CLIENT_ERRORS_PATH,
    summary: 'Store error reports from the browser (202; at most 100 KB)',
    envelope: 'bare',
    body: clientErrorBatchSchema,
    response: stored,
  }),
  analytics: defineRoute({
    method: 'POST',
    pattern: ANALYTICS_PATH,
    summary: 'Store a batch of analytics events (202)',
    envelope: 'bare',
    body: analyticsBatchSchema,
    response: stored,
  }),
  feedback: defineRoute({
    method: 'POST',
    pattern: FEEDBACK_PATH,
    summary: "Store the feedback widget's bug report and mail the owner (201)",
    envelope: 'bare',
    body: feedbackSchema,
    response: z.object({ ok: z.literal(true), id: z.number() }),
  }),
} as const;
