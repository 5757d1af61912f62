/**
 * Our own error reports, analytics events and feedback reports (spec §3 'Analytics events',
 * §7 'Monitoring', §2.4 'Feedback widget', §5 'Feedback widget', §8 'Feedback widget'; issue 8
 * parts 5–7). Shared by the browser clients and the server routes: one schema, both sides.
 */
import { z } from 'zod';
import {
  ANALYTICS_PATH,
  CLIENT_ERRORS_PATH,
  DEFAULT_APP_VERSION,
  MAX_EVENTS_PER_BATCH,
  MAX_REPORT_PAYLOAD_BYTES,
  MAX_REPORTS,
} from './telemetryLimits.ts';
import { isStorableText, storableJson, storableText, unstorableMessage } from './storableText.ts';

export {
  ANALYTICS_PATH,
  CLIENT_ERRORS_PATH,
  DEFAULT_APP_VERSION,
  MAX_EVENTS_PER_BATCH,
  MAX_REPORT_PAYLOAD_BYTES,
  MAX_REPORTS,
};

// ---------------------------------------------------------------- error reports (§7)

export const ADMIN_CLIENT_ERRORS_PATH = '/api/admin/client-errors';

/**
 * Reports are machine-written: NUL and lone surrogates are cleaned, not refused (issue 13.9,
 * storableText.ts), so a report about a page full of odd text still arrives.
 */
const reportText = (max: number) => z.string().max(max).transform(storableText);

export const clientErrorSchema = z.object({
  message: reportText(2_000),
  name: reportText(200).default('Error'),
  stack: reportText(20_000).optional(),
  /** Where it happened, e.g. `{ source: 'data', operation: 'query' }`; small JSON only. */
  context: z
    .record(z.string(), z.unknown())
    .default({})
    .transform((value) => storableJson(value) as Record<string, unknown>),
  /** ISO 8601 time of the report in the browser. */
  time: z.iso.datetime({ offset: true }),
  url: reportText(2_000).optional(),
  release: reportText(100).optional(),
});
export type ClientErrorInput = z.input<typeof clientErrorSchema>;

export const clientErrorBatchSchema = z.object({
  reports: z.array(clientErrorSchema).min(1).max(MAX_REPORTS),
});

export interface StoredClientError {
  readonly id: number;
  readonly message: string;
  readonly name: string;
  readonly stack: string | null;
  readonly context: Record<string, unknown>;
  readonly url: string | null;
  readonly release: string | null;
  readonly user_agent: string | null;
  readonly reported_at: string;
  readonly created_at: string;
}

// ---------------------------------------------------------------- analytics (§3)

export const ADMIN_ANALYTICS_PATH = '/api/admin/analytics';

/** Machine-written like error reports: cleaned of what PostgreSQL refuses (issue 13.9). */
const eventText = (max: number) => z.string().trim().min(1).max(max).transform(storableText);
const label = eventText(200);
const common = {
  /** ISO 8601 time the event happened in the browser (spec §3: each carries a timestamp). */
  timestamp: z.iso.datetime({ offset: true }),
  app_version: eventText(50).default(DEFAULT_APP_VERSION),
};

export const analyticsEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('feature_usage'),
    category: z.literal('engagement').default('engagement'),
    label,
    action: label,
    ...common,
  }),
  z.object({
    kind: z.literal('error'),
    label,
    message: z.string().max(1_000).transform(storableText),
    component: eventText(200).default('unknown'),
    ...common,
  }),
  z.object({ kind: z.literal('form_submission'), label, success: z.boolean(), ...common }),
  z.object({
    kind: z.literal('auth'),
    /** e.g. 'magic_link', 'google'. */
    label,
    success: z.boolean(),
    message: z.string().max(1_000).transform(storableText).optional(),
    ...common,
  }),
  z.object({ kind: z.literal('page_view'), label: eventText(500), ...common }),
]);
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;
export const analyticsKinds = [
  'feature_usage',
  'error',
  'form_submission',
  'auth',
  'page_view',
] as const;
export type AnalyticsKind = (typeof analyticsKinds)[number];

export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(MAX_EVENTS_PER_BATCH),
});

export const adminAnalyticsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});

/** What the admin dashboard reads. */
export interface AnalyticsSummary {
  readonly days: number;
  /** One entry per day (UTC, YYYY-MM-DD), oldest first, days without events included. */
  readonly perDay: ReadonlyArray<{ readonly day: string; readonly count: number }>;
  readonly byKind: Readonly<Record<AnalyticsKind, number>>;
  readonly topFeatures: ReadonlyArray<{
    readonly label: string;
    readonly action: string;
    readonly count: number;
  }>;
  readonly topPages: ReadonlyArray<{ readonly label: string; readonly count: number }>;
}

// ---------------------------------------------------------------- feedback widget (§2.4, §5, §8)

export const FEEDBACK_PATH = '/api/feedback';
export const ADMIN_FEEDBACK_PATH = '/api/admin/feedback';
/** Spec §9: the success message shows for 5000 ms. */
export const FEEDBACK_SUCCESS_MS = 5000;

export const feedbackMessages = {
  /** Spec §5: followed by the missing fields' labels. */
  missingFields: 'Please enter in the following required fields:',
  emptyMessage: 'Unable to submit feedback with empty message.',
  failed: 'There was a problem submitting feedback, please wait and try again.',
  thanks: 'Thank you for your report!',
  invalidEmail: 'Please enter a valid email address.',
  tooLong: 'This field is too long.',
} as const;

/** Spec §2.4: the widget's labels, verbatim. */
export const feedbackLabels = {
  open: 'Report a Bug',
  cancel: 'Cancel',
  send: 'Send Bug Report',
  email: 'Email',
  description: 'Description',
  name: 'Name',
  required: '(required)',
} as const;

/** A person typed these: text PostgreSQL cannot store is refused, naming the field (13.9). */
const typed = (label: string) => z.string().refine(isStorableText, unstorableMessage(label));

export const feedbackSchema = z.object({
  name: typed(feedbackLabels.name).trim().max(200, feedbackMessages.tooLong).optional(),
  email: typed(feedbackLabels.email)
    .trim()
    .max(320, feedbackMessages.tooLong)
    .refine((v) => v === '' || (v.includes('@') && v.includes('.')), feedbackMessages.invalidEmail)
    .optional(),
  message: z
    .string({ error: feedbackMessages.emptyMessage })
    .refine(isStorableText, unstorableMessage(feedbackLabels.description))
    .trim()
    .min(1, feedbackMessages.emptyMessage)
    .max(10_000, feedbackMessages.tooLong),
  /** The page the report was sent from. */
  url: typed('Page address').max(2_000).optional(),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;

export interface StoredFeedback {
  readonly id: number;
  readonly name: string | null;
  readonly email: string | null;
  readonly message: string;
  readonly url: string | null;
  readonly user_agent: string | null;
  readonly created_at: string;
}

export const adminListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
