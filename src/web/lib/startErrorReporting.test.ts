import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../contracts/environments.ts';

const sentry = vi.hoisted(() => ({ started: [] as unknown[], captured: [] as unknown[] }));
vi.mock('./sentryReporting.ts', () => ({
  startSentry: (options: unknown) => {
    sentry.started.push(options);
    return (_report: unknown, error: unknown) => sentry.captured.push(error);
  },
}));

const config = (sentryDsn: string): PublicConfig => ({
  environment: 'staging',
  environments: { development: null, staging: null, production: null },
  siteUrl: 'https://chanterlab.example',
  captchaSiteKey: '',
  captchaProvider: 'altcha',
  sentryDsn,
  appVersion: '2.0.0',
});

beforeEach(() => {
  vi.resetModules();
  sentry.started = [];
  sentry.captured = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('startErrorReporting', () => {
  it('R-7.MONITOR-01 with a SENTRY_DSN, Sentry is started with the release and environment and gets each report', async () => {
    const { startErrorReporting } = await import('./errorTransport.ts');
    const { reportError, setReportSink } = await import('./monitoring.ts');
    const dsn = 'https://abc@o1.ingest.sentry.io/42';
    expect(await startErrorReporting(async () => config(dsn))).toBe('sentry');
    expect(sentry.started).toEqual([{ dsn, release: '2.0.0', environment: 'staging' }]);
    const error = new TypeError('boom');
    reportError(error, { source: 'data' });
    expect(sentry.captured).toEqual([error]);
    // A second start (StrictMode) does nothing.
    expect(await startErrorReporting(async () => config(dsn))).toBe('off');
    setReportSink(null);
  });

  it('without a DSN, reports go to our own endpoint and Sentry is never loaded', async () => {
    const { startErrorReporting } = await import('./errorTransport.ts');
    const { setReportSink } = await import('./monitoring.ts');
    expect(await startErrorReporting(async () => config(''))).toBe('own');
    expect(sentry.started).toEqual([]);
    setReportSink(null);
  });
});
