import { afterEach, describe, expect, it, vi } from 'vitest';

describe('ScoreTable dates (issue 21.3)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('issue 21.3: loading the table makes no Intl formatter; the first date shown makes one, once', async () => {
    vi.resetModules();
    const Real = Intl.DateTimeFormat;
    let made = 0;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      made += 1;
      return new Real(...args);
    } as unknown as typeof Intl.DateTimeFormat);
    const { formatScoreDate } = await import('./ScoreTable.tsx');
    expect(made).toBe(0);
    expect(formatScoreDate('not a date')).toBe('');
    expect(formatScoreDate('2026-03-01T12:00:00Z')).toMatch(/2026/);
    expect(formatScoreDate('2026-03-02T12:00:00Z')).toMatch(/2026/);
    expect(made).toBe(1);
  });
});
