/**
 * Our own analytics, no third party (spec §3 'Analytics events'; issue 8 part 7). Events are
 * queued with their timestamp and sent in batches with navigator.sendBeacon (which survives the
 * page closing) a few seconds later, or when the page is hidden. Do Not Track is honoured:
 * with navigator.doNotTrack === '1' nothing is queued or sent. Kept tiny: any screen may use it.
 */
import {
  ANALYTICS_PATH,
  DEFAULT_APP_VERSION,
  MAX_EVENTS_PER_BATCH,
} from '../../contracts/telemetryLimits.ts';
import type { AnalyticsEventInput } from '../../contracts/monitoring.ts';

/** Events wait this long for company before a beacon goes. */
export const FLUSH_DELAY_MS = 5000;

type Draft =
  | { kind: 'feature_usage'; label: string; action: string }
  | { kind: 'error'; label: string; message: string; component?: string }
  | { kind: 'form_submission'; label: string; success: boolean }
  | { kind: 'auth'; label: string; success: boolean; message?: string }
  | { kind: 'page_view'; label: string };

export interface AnalyticsEnvironment {
  doNotTrack: () => boolean;
  sendBeacon: (url: string, body: Blob) => boolean;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

const browser: AnalyticsEnvironment = {
  doNotTrack: () =>
    typeof navigator !== 'undefined' &&
    (navigator.doNotTrack === '1' || (globalThis as { doNotTrack?: string }).doNotTrack === '1'),
  sendBeacon: (url, body) =>
    typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
      ? navigator.sendBeacon(url, body)
      : false,
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
};

let env = browser;
let appVersion = DEFAULT_APP_VERSION;
let queue: AnalyticsEventInput[] = [];
let timer: unknown = null;
let listening = false;

/** Sends what is queued now, in beacons of at most MAX_EVENTS_PER_BATCH events. */
export function flushAnalytics(): void {
  timer = null;
  while (queue.length > 0) {
    const events = queue.splice(0, MAX_EVENTS_PER_BATCH);
    const body = new Blob([JSON.stringify({ events })], { type: 'application/json' });
    env.sendBeacon(ANALYTICS_PATH, body);
  }
}

function listenForHide(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  // The last chance to send before a tab is closed or frozen.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushAnalytics();
  });
  globalThis.addEventListener?.('pagehide', flushAnalytics);
}

/** Queues one event (spec §3: each carries a timestamp and the app version). */
export function track(event: Draft): void {
  if (env.doNotTrack()) return;
  queue.push({ ...event, timestamp: new Date().toISOString(), app_version: appVersion });
  listenForHide();
  timer ??= env.setTimeout(flushAnalytics, FLUSH_DELAY_MS);
}

/** Spec §3: feature_usage has category 'engagement', a label and an action. */
export const trackFeature = (label: string, action: string) =>
  track({ kind: 'feature_usage', label, action });
/** Spec §3: error has a label, a message and a component ('unknown' by default). */
export const trackError = (label: string, message: string, component = 'unknown') =>
  track({ kind: 'error', label, message, component });
export const trackFormSubmission = (label: string, success: boolean) =>
  track({ kind: 'form_submission', label, success });
/** Spec §3: auth form success and error events. */
export const trackAuth = (label: string, success: boolean, message?: string) =>
  track({ kind: 'auth', label, success, ...(message ? { message } : {}) });
export const trackPageView = (path: string) => track({ kind: 'page_view', label: path });

/** The version events carry (from /api/config's appVersion; spec §9 default 1.0.0). */
export function setAnalyticsVersion(version: string): void {
  appVersion = version || DEFAULT_APP_VERSION;
}

/** Replaces the browser's doNotTrack/sendBeacon/timers and empties the queue (tests). */
export function resetAnalyticsForTests(next: AnalyticsEnvironment = browser): void {
  env = next;
  queue = [];
  timer = null;
  appVersion = DEFAULT_APP_VERSION;
}
