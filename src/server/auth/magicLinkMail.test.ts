import { describe, expect, it } from 'vitest';
import { callbackLink } from './magicLinkMail.ts';

const site = 'https://pipes.example';
const verify = (callbackURL: string) =>
  `${site}/api/auth/magic-link/verify?token=t&callbackURL=${encodeURIComponent(callbackURL)}`;

describe('callbackLink', () => {
  it('R-7.AUTH-05 keeps a same-site target', () => {
    const link = new URL(
      callbackLink(site, verify(`${site}/auth/callback?redirect=%2Fplaylists`), 't'),
    );
    expect(link.searchParams.get('redirect')).toBe('/playlists');
  });

  it.each([
    ['a newline', '%2F%0A%2Fevil.com'],
    ['a tab', '%2F%09%2Fevil.com'],
    ['a right-to-left override', '%2F%E2%80%AE'],
    ['an encoded protocol-relative address', '%2F%252F%252Fevil.com'],
  ])(
    'issue 13.12: the mailed link carries /user-profile for a target with %s',
    (_name, redirect) => {
      const link = new URL(
        callbackLink(site, verify(`${site}/auth/callback?redirect=${redirect}`), 't'),
      );
      expect(link.searchParams.get('redirect')).toBe('/user-profile');
    },
  );
});
