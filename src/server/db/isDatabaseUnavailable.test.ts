import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseErrorCode, isDatabaseUnavailable } from './isDatabaseUnavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('issue 13.6: isDatabaseUnavailable (lost or refused connections → 503)', () => {
  it.each([
    ['57P01 admin_shutdown', withCode('57P01')],
    ['57P03 cannot_connect_now', withCode('57P03')],
    ['08006 connection_failure', withCode('08006')],
    ['ECONNREFUSED', withCode('ECONNREFUSED')],
    ['ECONNRESET', withCode('ECONNRESET')],
    ['Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    [
      'AggregateError of refused attempts',
      Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), { code: undefined }),
    ],
  ])('%s is unavailable, also under DrizzleQueryError', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], error))).toBe(true);
  });

  it.each([
    ['unique violation 23505', withCode('23505')],
    ['syntax error 42601', withCode('42601')],
    ['a plain error', new Error('boom')],
    ['not an error', 'Connection terminated'],
    ['null', null],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('a cause cycle does not hang', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });

  it('databaseErrorCode reads the driver code under the wrapper', () => {
    expect(databaseErrorCode(new DrizzleQueryError('q', [], withCode('57P01')))).toBe('57P01');
    expect(databaseErrorCode(new Error('none'))).toBeUndefined();
  });
});
