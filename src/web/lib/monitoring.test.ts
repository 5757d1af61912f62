import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getReports, MAX_REPORTS, reportError } from './monitoring.ts';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('monitoring', () => {
  it('R-8.DATA-04 records an error with its context and logs it', () => {
    const report = reportError(new TypeError('boom'), { source: 'data', operation: 'query' });
    expect(report).toMatchObject({
      message: 'boom',
      name: 'TypeError',
      context: { source: 'data', operation: 'query' },
    });
    expect(new Date(report.time).toISOString()).toBe(report.time);
    expect(getReports().at(-1)).toEqual(report);
    expect(console.error).toHaveBeenCalledWith('[monitoring]', 'boom', {
      source: 'data',
      operation: 'query',
    });
  });

  it('accepts error-like objects and plain values without throwing', () => {
    expect(reportError({ message: 'from the server', code: 'x' }).message).toBe('from the server');
    expect(reportError('just text').message).toBe('just text');
    expect(reportError(undefined).message).toBe('undefined');
  });

  it('R-7.MONITOR-07 keeps only the last 20 reports', () => {
    for (let i = 0; i < MAX_REPORTS + 5; i++) reportError(new Error(`error ${i}`));
    const reports = getReports();
    expect(MAX_REPORTS).toBe(20);
    expect(reports).toHaveLength(20);
    expect(reports[0]!.message).toBe('error 5');
    expect(reports.at(-1)!.message).toBe('error 24');
  });

  it('getReports answers a copy', () => {
    reportError(new Error('kept'));
    const copy = getReports() as unknown[];
    copy.length = 0;
    expect(getReports().length).toBeGreaterThan(0);
  });
});
