import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsBatchSchema } from '../../contracts/monitoring.ts';
import {
  FLUSH_DELAY_MS,
  flushAnalytics,
  resetAnalyticsForTests,
  setAnalyticsVersion,
  trackAuth,
  trackError,
  trackFeature,
  trackFormSubmission,
  trackPageView,
} from './analytics.ts';

function fakeEnvironment(doNotTrack = false) {
  const beacons: Array<{ url: string; body: Blob }> = [];
  const timers: Array<() => void> = [];
  resetAnalyticsForTests({
    doNotTrack: () => doNotTrack,
    sendBeacon: (url, body) => {
      beacons.push({ url, body });
      return true;
    },
    setTimeout: (fn, ms) => {
      expect(ms).toBe(FLUSH_DELAY_MS);
      timers.push(fn);
      return timers.length;
    },
  });
  return { beacons, timers };
}

async function sent(beacon: { body: Blob } | undefined) {
  return JSON.parse(await (beacon?.body as Blob).text()) as {
    events: Array<Record<string, unknown>>;
  };
}

afterEach(() => {
  resetAnalyticsForTests();
  vi.useRealTimers();
});

describe('analytics', () => {
  it('R-3.ANALYTICS-01..08 queues every kind with a timestamp and the app version, then sends one beacon', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    const { beacons, timers } = fakeEnvironment();
    trackFeature('tuner', 'start');
    trackError('microphone', 'denied');
    trackFormSubmission('contact', true);
    trackAuth('magic_link', false, 'Rate limited');
    trackPageView('/tuner');
    expect(beacons).toHaveLength(0);
    expect(timers).toHaveLength(1);
    timers[0]?.();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe('/api/analytics');
    const body = await sent(beacons[0]);
    const common = { timestamp: '2026-03-01T12:00:00.000Z', app_version: '1.0.0' };
    expect(body.events).toEqual([
      { kind: 'feature_usage', label: 'tuner', action: 'start', ...common },
      { kind: 'error', label: 'microphone', message: 'denied', component: 'unknown', ...common },
      { kind: 'form_submission', label: 'contact', success: true, ...common },
      { kind: 'auth', label: 'magic_link', success: false, message: 'Rate limited', ...common },
      { kind: 'page_view', label: '/tuner', ...common },
    ]);
    // The server's schema accepts exactly what the client sends.
    expect(analyticsBatchSchema.safeParse(body).success).toBe(true);
  });

  it('R-9.CONST-50 the app version comes from the configuration', async () => {
    const { beacons } = fakeEnvironment();
    setAnalyticsVersion('2.3.4');
    trackPageView('/');
    flushAnalytics();
    expect((await sent(beacons[0])).events[0]?.app_version).toBe('2.3.4');
  });

  it('honours Do Not Track: nothing is queued or sent', () => {
    const { beacons, timers } = fakeEnvironment(true);
    trackPageView('/');
    trackFeature('tuner', 'start');
    flushAnalytics();
    expect(timers).toHaveLength(0);
    expect(beacons).toHaveLength(0);
  });

  it('splits a long queue into beacons of at most 50 events', async () => {
    const { beacons } = fakeEnvironment();
    for (let i = 0; i < 120; i++) trackPageView(`/p${i}`);
    flushAnalytics();
    expect(beacons).toHaveLength(3);
    expect((await sent(beacons[2])).events).toHaveLength(20);
  });
});
