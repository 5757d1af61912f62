import { describe, expect, it } from 'vitest';
import { isApiPath, requestTarget } from './requestTarget.ts';

describe('requestTarget (issue 13.1, 13.2)', () => {
  it.each([
    ['/', '/', ''],
    ['/api/auth/sign-in/magic-link', '/api/auth/sign-in/magic-link', ''],
    [
      '/api/auth/magic-link/verify?token=abc&x=/../',
      '/api/auth/magic-link/verify',
      '?token=abc&x=/../',
    ],
    ['/api/data/tblblasterhighscore/query', '/api/data/tblblasterhighscore/query', ''],
    // Spec R-8.SCORE-03: a blank id reaches its handler; other encodings stay as they are.
    ['/api/scores/%20', '/api/scores/%20', ''],
    ['/api/data/a%3Bb%22/query', '/api/data/a%3Bb%22/query', ''],
    ['/api/admin/users/%C3%A9/ban', '/api/admin/users/%C3%A9/ban', ''],
    ['/tunes/amazing-grace', '/tunes/amazing-grace', ''],
    ['/tunes/a%20b', '/tunes/a%20b', ''],
    ['/tunes/', '/tunes/', ''],
    ['/assets/index-Ab12.js', '/assets/index-Ab12.js', ''],
    ['/auth/callback?redirect=%2Fplaylists', '/auth/callback', '?redirect=%2Fplaylists'],
    // Absolute-form (RFC 9112 §3.2.2) is reduced to its origin-form.
    ['http://localhost:3000/api/auth/update-user', '/api/auth/update-user', ''],
    ['HTTPS://chanterlab.example/api/health?x=1', '/api/health', '?x=1'],
    ['http://chanterlab.example', '/', ''],
    ['http://chanterlab.example?x', '/', '?x'],
  ])('issue 13.2: %j is accepted as %j', (raw, path, query) => {
    expect(requestTarget(raw)).toEqual({ ok: true, url: `${path}${query}`, path, query });
  });

  it.each([
    // Dot segments, raw and encoded, anywhere.
    '/api/auth/./sign-in/magic-link',
    '/api/auth/%2e/sign-in/magic-link',
    '/api/auth/%2E/sign-in/magic-link',
    '/api/auth/sign-in/x/../magic-link',
    '/api/auth/sign-in/x/%2e%2e/magic-link',
    '/api/auth/sign-in/x/.%2e/magic-link',
    '/api/auth/sign-in/magic-link/..',
    '/tunes/../api/auth/sign-in/magic-link',
    '/tunes/.',
    // Backslashes and encoded slashes, which a URL parser may read as '/'.
    '/api/auth/sign-in\\magic-link',
    '/api/auth/sign-in%5cmagic-link',
    '/api/auth/sign-in%2fmagic-link',
    '/api/auth/sign-in%2Fmagic-link',
    '/tunes/a%2fb',
    '/tunes\\x',
    '/tunes//x',
    // Under /api: needless percent-encoding, '%25', empty segments, ';', trailing slashes.
    '/api/auth/sign-in/magic%2Dlink',
    '/api/auth/sign-in/magic-lin%6B',
    '/api/auth/sign-in/magic%5flink',
    '/api/auth/sign-in/magic%252Dlink',
    '/api/auth/%7Esign-in',
    '/api/auth//sign-in/magic-link',
    '//api/auth/sign-in/magic-link',
    '/api/auth/sign-in/magic-link/',
    '/api/auth/sign-in/magic-link;x=1',
    '/api/auth/sign-in;/magic-link',
    '/API/auth/sign-in/magic%2Dlink',
    '/api/',
    // Controls, spaces, non-ASCII, malformed encodings, fragments.
    '/api/auth/sign-in/magic-link%00',
    '/tunes/a%00',
    '/tunes/a\u0000',
    '/tunes/a b',
    '/tunes/é',
    '/tunes/%zz',
    '/tunes/%2',
    '/api/auth/sign-in/magic-link#x',
    // Other request-target forms.
    '*',
    'localhost:3000',
    'api/auth/sign-in/magic-link',
    'http:///api/auth/sign-in/magic-link',
    'http://user@localhost/api/auth/update-user',
    'http://localhost\\@evil/api/auth/update-user',
    'ftp://localhost/api/auth/update-user',
    'http://localhost/api/auth/./update-user',
    'http://localhost/api/auth/update-user/',
    '',
  ])('issue 13.1: %j is refused', (raw) => {
    expect(requestTarget(raw).ok).toBe(false);
  });

  it('issue 13.2: /api in any letter case is an API path', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/API/auth/update-user')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/tunes')).toBe(false);
  });
});
