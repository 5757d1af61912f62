/**
 * The plain constants of error reports and analytics (spec §7 'Monitoring', §9), without zod:
 * the browser's tiny reporting and analytics clients import only this file, so the schemas in
 * monitoring.ts never enter the first page load.
 */
export const CLIENT_ERRORS_PATH = '/api/client-errors';
export const ANALYTICS_PATH = '/api/analytics';
/** Spec §7 'Monitoring': the buffer limit defaults to 20. */
export const MAX_REPORTS = 20;
/** Spec §7 'Monitoring': payloads are limited to 100 KB. */
export const MAX_REPORT_PAYLOAD_BYTES = 100 * 1024;
/** Spec §9: app version default. */
export const DEFAULT_APP_VERSION = '1.0.0';
/** At most this many analytics events in one beacon. */
export const MAX_EVENTS_PER_BATCH = 50;
