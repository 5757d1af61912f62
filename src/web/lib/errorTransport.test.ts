import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientErrorBatchSchema } from '../../contracts/monitoring.ts';
import { encodeBatch, ownEndpointSink } from './errorTransport.ts';
import {
  isMicrophonePermissionError,
  reportError,
  setReportSink,
  type ErrorReport,
} from './monitoring.ts';

const report = (message: string, extra: Partial<ErrorReport> = {}): ErrorReport => ({
  message,
  name: 'Error',
  context: { source: 'test' },
  time: new Date().toISOString(),
  ...extra,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  setReportSink(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('error transport', () => {
  it('R-7.MONITOR-08 a batch stays within 100 KB: stacks and contexts are cut, then old reports dropped', () => {
    const big = Array.from({ length: 20 }, (_, i) =>
      report(`r${i}`, { stack: 'x'.repeat(19_000), context: { blob: 'y'.repeat(5_000) } }),
    );
    const body = encodeBatch(big);
    expect(body.length).toBeLessThanOrEqual(100 * 1024);
    const parsed = clientErrorBatchSchema.parse(JSON.parse(body));
    expect(parsed.reports.at(-1)?.message).toBe('r19');
  });

  it('R-7.MONITOR-07 never more than 20 reports in a batch', () => {
    const many = Array.from({ length: 30 }, (_, i) => report(`r${i}`));
    const parsed = JSON.parse(encodeBatch(many)) as { reports: ErrorReport[] };
    expect(parsed.reports).toHaveLength(20);
    expect(parsed.reports[0]?.message).toBe('r10');
  });

  it('R-7.MONITOR-01 reports are batched to our endpoint a moment later', () => {
    vi.useFakeTimers();
    const post = vi.fn<(body: string) => Promise<unknown>>().mockResolvedValue(undefined);
    setReportSink(ownEndpointSink('1.2.3', post, 100));
    reportError(new TypeError('one'), { source: 'data' });
    reportError(new TypeError('two'), { source: 'data' });
    expect(post).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(post).toHaveBeenCalledTimes(1);
    const body = clientErrorBatchSchema.parse(JSON.parse(post.mock.calls[0]?.[0] ?? '{}'));
    expect(body.reports.map((r) => r.message).slice(-2)).toEqual(['one', 'two']);
    expect(body.reports.at(-1)).toMatchObject({ name: 'TypeError', release: '1.2.3' });
  });

  it('R-7.MONITOR-05 microphone permission errors are dropped', () => {
    const sink = vi.fn();
    setReportSink(sink);
    sink.mockClear();
    const denied = new Error('Permission denied');
    denied.name = 'NotAllowedError';
    reportError(denied, { source: 'microphone' });
    reportError(new Error('Microphone permission was dismissed'));
    expect(sink).not.toHaveBeenCalled();
    reportError(new Error('Failed to load high scores'));
    expect(sink).toHaveBeenCalledTimes(1);
    expect(isMicrophonePermissionError({ name: 'Error', message: 'Failed to fetch' })).toBe(false);
  });
});
