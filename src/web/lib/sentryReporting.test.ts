import { describe, expect, it } from 'vitest';
import type { ErrorEvent } from '@sentry/browser';
import { filterEvent, SENTRY_SETTINGS } from './sentryReporting.ts';

const event = (type: string, value: string, extra: Partial<ErrorEvent> = {}): ErrorEvent =>
  ({ type: undefined, exception: { values: [{ type, value }] }, ...extra }) as ErrorEvent;

describe('Sentry settings (spec §7 Monitoring)', () => {
  it('R-7.MONITOR-02..08 full tracing, replay 10% and 100% on error, sample rate 1, buffer 20, 100 KB', () => {
    expect(SENTRY_SETTINGS).toEqual({
      tracesSampleRate: 1.0,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1.0,
      sampleRate: 1,
      bufferSize: 20,
      maxPayloadBytes: 100 * 1024,
    });
  });

  it('R-7.MONITOR-05 drops microphone permission errors', () => {
    expect(filterEvent(event('NotAllowedError', 'Permission denied'))).toBeNull();
    const kept = event('TypeError', 'x is undefined');
    expect(filterEvent(kept)).toBe(kept);
  });

  it('R-7.MONITOR-08 an event over 100 KB loses its breadcrumbs, or is not sent', () => {
    const crumbs = Array.from({ length: 200 }, () => ({ message: 'z'.repeat(1000) }));
    const slimmed = filterEvent(event('TypeError', 'big', { breadcrumbs: crumbs }));
    expect(slimmed?.breadcrumbs).toEqual([]);
    expect(filterEvent(event('TypeError', 'w'.repeat(200_000)))).toBeNull();
  });
});
