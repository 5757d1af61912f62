/**
 * Error reporting (spec §7 'Monitoring', §8 'Data layer': failures are logged and reported).
 * For now a report is logged and kept in a small in-memory buffer; a later issue sends the
 * buffer to our own server instead of a SaaS (DESIGN: no third-party error host).
 */

/** Spec §7 'Monitoring': the buffer limit defaults to 20. */
export const MAX_REPORTS = 20;

export interface ErrorReport {
  readonly message: string;
  readonly name: string;
  readonly stack?: string;
  /** Where it happened, e.g. `{ source: 'data', operation: 'query', table }`. */
  readonly context: Readonly<Record<string, unknown>>;
  /** ISO 8601 time of the report. */
  readonly time: string;
}

const reports: ErrorReport[] = [];

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
    return { message: (error as { message: string }).message, name: 'Error' };
  }
  return { message: String(error), name: 'Error' };
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
  return report;
}

/** The buffered reports, oldest first (a copy: callers cannot change the buffer). */
export function getReports(): readonly ErrorReport[] {
  return reports.slice();
}
