/**
 * Sentry, loaded only when the site sets a public SENTRY_DSN (spec §7 'Monitoring'; issue 8
 * part 6), with the spec's settings: full trace sampling, session replay for 10% of sessions
 * and 100% of sessions with an error (replay ships inside @sentry/browser 11), sample rate 1,
 * a transport buffer of 20, microphone permission errors dropped and payloads over 100 KB
 * not sent.
 */
import * as Sentry from '@sentry/browser';
import { MAX_REPORT_PAYLOAD_BYTES, MAX_REPORTS } from '../../contracts/telemetryLimits.ts';
import { isMicrophonePermissionError, type ErrorReport } from './monitoring.ts';

/** Spec §7 'Monitoring', as Sentry options (tests read them). */
export const SENTRY_SETTINGS = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
  sampleRate: 1,
  bufferSize: MAX_REPORTS,
  maxPayloadBytes: MAX_REPORT_PAYLOAD_BYTES,
} as const;

/** Sentry's beforeSend: drops microphone permission errors and events over 100 KB. */
export function filterEvent<E extends Sentry.ErrorEvent>(event: E): E | null {
  for (const value of event.exception?.values ?? []) {
    if (isMicrophonePermissionError({ name: value.type ?? '', message: value.value ?? '' })) {
      return null;
    }
  }
  let size: number;
  try {
    size = JSON.stringify(event).length;
  } catch {
    return null;
  }
  if (size <= SENTRY_SETTINGS.maxPayloadBytes) return event;
  // Breadcrumbs are the usual bulk: try once without them.
  const slim = { ...event, breadcrumbs: [] };
  return JSON.stringify(slim).length <= SENTRY_SETTINGS.maxPayloadBytes ? slim : null;
}

export function startSentry(options: {
  dsn: string;
  release: string;
  environment: string;
}): (report: ErrorReport, error: unknown) => void {
  Sentry.init({
    dsn: options.dsn,
    release: options.release,
    environment: options.environment,
    sampleRate: SENTRY_SETTINGS.sampleRate,
    tracesSampleRate: SENTRY_SETTINGS.tracesSampleRate,
    replaysSessionSampleRate: SENTRY_SETTINGS.replaysSessionSampleRate,
    replaysOnErrorSampleRate: SENTRY_SETTINGS.replaysOnErrorSampleRate,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    transportOptions: { bufferSize: SENTRY_SETTINGS.bufferSize },
    beforeSend: filterEvent,
  });
  return (report, error) => {
    Sentry.captureException(error instanceof Error ? error : new Error(report.message), {
      extra: { ...report.context },
    });
  };
}
