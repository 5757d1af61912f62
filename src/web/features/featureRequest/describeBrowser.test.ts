import { describe, expect, it } from 'vitest';
import { describeBrowser } from './describeBrowser.ts';

describe('describeBrowser (R-2.3.FEAT-03 prefilled from the user agent)', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131.0.0.0',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
      'Edge 131.0.2903.70',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133.0'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      'Safari 17.2',
    ],
    ['SomethingElse/1.0', 'SomethingElse/1.0'],
  ])('%s → %s', (userAgent, expected) => {
    expect(describeBrowser(userAgent)).toBe(expected);
  });
});
