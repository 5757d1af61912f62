/**
 * Error reporting (spec §7 'Monitoring', §8 'Data layer': failures are logged and reported).
 * A report is logged and kept in a small buffer (spec §7: buffer limit 20). Once the app has
 * started reporting (errorTransport.ts, loaded lazily by the Layout), each report is also handed
 * to the sink it installs: Sentry when SENTRY_DSN is set, our own /api/client-errors otherwise.
 * This file stays tiny: it is imported by the data layer on every page.
 */
import { MAX_REPORTS } from '../../contracts/telemetryLimits.ts';

export { MAX_REPORTS };

export interface ErrorReport {
  readonly message: string;
  readonly name: string;
  readonly stack?: string;
  /** Where it happened, e.g. `{ source: 'data', operation: 'query', table }`. */
  readonly context: Readonly<Record<string, unknown>>;
  /** ISO 8601 time of the report. */
  readonly time: string;
}

/** Receives each report worth sending, with the original error (Sentry wants it). */
export type ReportSink = (report: ErrorReport, error: unknown) => void;

const reports: ErrorReport[] = [];
let sink: ReportSink | null = null;

function describe(error: unknown): Pick<ErrorReport, 'message' | 'name' | 'stack'> {
  if (error instanceof Error) {
    return {
      message: error.message,
      name: error.name,
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  if (
    error &&
    typeof error === 'object' &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    const name = (error as { name?: unknown }).name;
    return {
      message: (error as { message: string }).message,
      name: typeof name === 'string' ? name : 'Error',
    };
  }
  return { message: String(error), name: 'Error' };
}

/**
 * Spec §7 'Microphone permission errors are dropped': a visitor saying no to the microphone is
 * a choice, not a bug. They are still logged and buffered, never sent.
 */
export function isMicrophonePermissionError(report: Pick<ErrorReport, 'name' | 'message'>) {
  if (report.name === 'NotAllowedError' || report.name === 'PermissionDeniedError') return true;
  return (
    /permission/i.test(report.message) && /microphone|getUserMedia|audio/i.test(report.message)
  );
}

/** Records an error with its context; never throws, whatever it is given. */
export function reportError(error: unknown, context: Record<string, unknown> = {}): ErrorReport {
  const report: ErrorReport = {
    ...describe(error),
    context: { ...context },
    time: new Date().toISOString(),
  };
  reports.push(report);
  if (reports.length > MAX_REPORTS) reports.splice(0, reports.length - MAX_REPORTS);
  console.error('[monitoring]', report.message, report.context);
  if (sink && !isMicrophonePermissionError(report)) {
    try {
      sink(report, error);
    } catch {
      // Reporting must never break the page that reported.
    }
  }
  return report;
}

/** The buffered reports, oldest first (a copy: callers cannot change the buffer). */
export function getReports(): readonly ErrorReport[] {
  return reports.slice();
}

/**
 * Installs where reports go from now on, and hands it the ones buffered before (those are sent
 * too: an error during start-up matters most). `null` stops sending.
 */
export function setReportSink(next: ReportSink | null): void {
  sink = next;
  if (!next) return;
  for (const report of reports) {
    if (!isMicrophonePermissionError(report)) next(report, report);
  }
}
