/**
 * Where error reports go (spec §7 'Monitoring'; issue 8 part 6), loaded lazily by the Layout so
 * none of it weighs on the first page. With a public SENTRY_DSN in /api/config, the Sentry SDK
 * is loaded (sentryReporting.ts) with the §7 settings. Without it, reports are batched to our
 * own POST /api/client-errors (at most 20 per batch, at most 100 KB, spec §7). Uncaught errors
 * and unhandled rejections are reported too, and every report also counts as an analytics
 * `error` event (spec §3).
 */
import type { PublicConfig } from '../../contracts/environments.ts';
import {
  CLIENT_ERRORS_PATH,
  MAX_REPORT_PAYLOAD_BYTES,
  MAX_REPORTS,
} from '../../contracts/telemetryLimits.ts';
import { setAnalyticsVersion, trackError } from './analytics.ts';
import { reportError, setReportSink, type ErrorReport } from './monitoring.ts';
import { loadPublicConfig } from './publicConfig.ts';
import { takeUncaught } from './uncaughtErrors.ts';

/** Reports wait this long for company before they are posted. */
const SEND_DELAY_MS = 2000;

type Wire = ErrorReport & { url?: string; release?: string };

/**
 * The JSON body for a batch, within the 100 KB limit: long stacks and contexts are cut first,
 * then the oldest reports dropped. Never more than MAX_REPORTS reports.
 */
export function encodeBatch(reports: readonly Wire[], limit = MAX_REPORT_PAYLOAD_BYTES): string {
  let batch = reports.slice(-MAX_REPORTS).map((r) => ({
    ...r,
    message: r.message.slice(0, 2000),
    name: r.name.slice(0, 200),
    ...(r.stack ? { stack: r.stack.slice(0, 20_000) } : {}),
  }));
  let body = JSON.stringify({ reports: batch });
  if (body.length <= limit) return body;
  batch = batch.map((r) => {
    const { stack, ...rest } = r;
    return { ...rest, ...(stack ? { stack: stack.slice(0, 2000) } : {}), context: {} };
  });
  body = JSON.stringify({ reports: batch });
  while (body.length > limit && batch.length > 1) {
    batch = batch.slice(1);
    body = JSON.stringify({ reports: batch });
  }
  return body;
}

/** A sink that batches reports to our own endpoint. */
export function ownEndpointSink(
  release: string,
  post: (body: string) => Promise<unknown> = (body) =>
    fetch(CLIENT_ERRORS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    }),
  delayMs = SEND_DELAY_MS,
) {
  let pending: Wire[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const send = () => {
    timer = null;
    const batch = pending;
    pending = [];
    // A failed report is not reported again (that way lies a loop); it stays in the buffer.
    post(encodeBatch(batch)).catch(() => undefined);
  };
  return (report: ErrorReport) => {
    pending.push({ ...report, url: location.href, release });
    if (pending.length >= MAX_REPORTS) {
      if (timer) clearTimeout(timer);
      send();
    } else {
      timer ??= setTimeout(send, delayMs);
    }
  };
}

let started = false;

/** Starts sending reports; safe to call more than once (StrictMode runs effects twice). */
export async function startErrorReporting(
  loadConfig: () => Promise<PublicConfig> = () => loadPublicConfig(),
): Promise<'sentry' | 'own' | 'off'> {
  if (started) return 'off';
  started = true;
  let config: PublicConfig | null = null;
  try {
    config = await loadConfig();
  } catch {
    // Without configuration, our own endpoint (same origin) is still there.
  }
  const release = config?.appVersion ?? '1.0.0';
  setAnalyticsVersion(release);
  let forward: (report: ErrorReport, error: unknown) => void;
  let mode: 'sentry' | 'own' = 'own';
  if (config?.sentryDsn) {
    const sentry = await import('./sentryReporting.ts');
    forward = sentry.startSentry({
      dsn: config.sentryDsn,
      release,
      environment: config.environment,
    });
    mode = 'sentry';
  } else {
    forward = ownEndpointSink(release);
  }
  setReportSink((report, error) => {
    forward(report, error);
    const component = report.context.component;
    trackError(
      String(report.context.source ?? report.name),
      report.message.slice(0, 1000),
      typeof component === 'string' ? component : undefined,
    );
  });
  // Uncaught errors since the page loaded (uncaughtErrors.ts), then each new one. Sentry
  // installs its own global handlers: ours would send each uncaught error twice.
  takeUncaught((error, kind) => reportError(error, { source: 'window', kind }), {
    listen: mode === 'own',
  });
  return mode;
}
