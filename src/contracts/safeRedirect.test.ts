import { describe, expect, it } from 'vitest';
import { DEFAULT_REDIRECT, MAX_REDIRECT_LENGTH, safeRedirect } from './safeRedirect.ts';

// Each target as URLSearchParams hands it over (already decoded once).
const refused: readonly [string, string | null | undefined][] = [
  ['missing', null],
  ['undefined', undefined],
  ['empty', ''],
  ['NUL', '/\u0000'],
  ['NUL inside', '/playlists\u0000x'],
  ['newline', '/\n/evil.com'],
  ['carriage return', '/\r/evil.com'],
  ['tab (the browser strips it: //evil.com)', '/\t/evil.com'],
  ['DEL', '/a\u007fb'],
  ['C1 control', '/a\u0085b'],
  ['right-to-left override', '/\u202emoc.live'],
  ['bidi isolate', '/\u2066x'],
  ['zero-width space', '/\u200bplaylists'],
  ['byte order mark', '/\ufeffplaylists'],
  ['line separator', '/a\u2028b'],
  ['backslash', '/\\evil.com'],
  ['backslash twice', '\\\\evil.com'],
  ['protocol-relative', '//evil.com'],
  ['protocol-relative with path', '//evil.com/user-profile'],
  ['javascript:', 'javascript:alert(1)'],
  ['javascript: with a leading space', ' javascript:alert(1)'],
  ['absolute https', 'https://evil.com/'],
  ['absolute same-looking host', 'https://chanterlab.invalid/x'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['relative without slash', 'playlists'],
  ['encoded slash slash', '/%2F%2Fevil.com'],
  ['encoded slash start', '%2F%2Fevil.com'],
  ['double-encoded slashes', '/%252F%252Fevil.com'],
  ['encoded NUL', '/%00'],
  ['encoded newline', '/%0a/evil.com'],
  ['encoded tab', '/%09/evil.com'],
  ['double-encoded newline', '/%250a'],
  ['encoded backslash', '/%5Cevil.com'],
  ['encoded right-to-left override', '/%E2%80%AE'],
  ['malformed encoding', '/%E0%A4%A'],
  ['lone percent', '/100%'],
  ['the sign-in page', '/auth'],
  ['the sign-in page with a slash', '/auth/'],
  ['the sign-in page in capitals', '/AUTH'],
  ['the callback', '/auth/callback?redirect=%2Fx'],
  ['the callback through dot segments', '/x/../auth/callback'],
  ['the sign-in page through encoded dots', '/x/%2e%2e/auth'],
  ['too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
];

const kept: readonly [string, string, string][] = [
  ['a plain path', '/playlists', '/playlists'],
  ['the root', '/', '/'],
  ['a path with query and hash', '/tunes/12?view=score#bar-3', '/tunes/12?view=score#bar-3'],
  ['an encoded space', '/tunes/a%20b', '/tunes/a%20b'],
  ['a raw space is encoded', '/tunes/a b', '/tunes/a%20b'],
  ['dot segments are resolved', '/a/./b/../c', '/a/c'],
  ['a letter outside ASCII is encoded', '/tunes/é', '/tunes/%C3%A9'],
  ['a page under /auth that is not the sign-in page', '/authors', '/authors'],
  [
    'exactly the longest allowed',
    `/${'a'.repeat(MAX_REDIRECT_LENGTH - 1)}`,
    `/${'a'.repeat(MAX_REDIRECT_LENGTH - 1)}`,
  ],
];

describe('safeRedirect', () => {
  it.each(refused)('issue 13.12 R-4.AUTH-10: refuses %s', (_name, value) => {
    expect(safeRedirect(value)).toBe(DEFAULT_REDIRECT);
  });

  it.each(kept)('issue 13.12 R-4.AUTH-09: keeps %s', (_name, value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it('issue 13.12: the default target is /user-profile (spec §4)', () => {
    expect(DEFAULT_REDIRECT).toBe('/user-profile');
  });

  it('issue 13.12: every result is itself safe (the rule is idempotent)', () => {
    for (const [, value] of [...refused, ...kept.map(([n, v]) => [n, v] as const)]) {
      const once = safeRedirect(value);
      expect(safeRedirect(once)).toBe(once);
    }
  });
});
