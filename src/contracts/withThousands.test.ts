import { afterEach, describe, expect, it, vi } from 'vitest';
import { withThousands } from './withThousands.ts';

describe('withThousands (issue 21.3: no Intl set-up while a page loads)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('issue 21.3: writes whole numbers as toLocaleString("en") does', () => {
    for (const n of [0, 7, 999, 1000, 50_000, 400_000, 1_234_567, -2500])
      expect(withThousands(n)).toBe(n.toLocaleString('en'));
  });

  it('issue 21.3: the practice record and library terms modules format no number with Intl when evaluated', async () => {
    vi.resetModules();
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    const { progressMessages } = await import('./progress/practiceRecord.ts');
    const { libraryMessages } = await import('./library/libraryTerms.ts');
    expect(toLocale).not.toHaveBeenCalled();
    expect(progressMessages.historyFull).toContain('(50,000 sessions)');
    expect(libraryMessages.fileTooLarge).toContain('(at most 400,000 characters)');
  });
});
