import { describe, expect, it } from 'vitest';
import { accountRoutes } from './api/accountRoutes.ts';
import { libraryRoutes } from './library/libraryRoutes.ts';
import { playlistRoutes } from './library/playlistRoutes.ts';
import { CONFIG_URL, USER_CACHE_URL } from './offline.ts';
import { systemRoutes } from './api/systemRoutes.ts';

const ID = '3e9c4f5a-6b7d-4e8f-9a0b-c1d2e3f4a5b6';
const TOKEN = 'a'.repeat(32);
const at = (path: string) => `https://pipes.example.org${path}`;

describe("issue 18.1: the worker's cache of a signed-in piper's answers", () => {
  it('issue 18.1: keeps the session, playlists, shared links and own settings; nothing written, nothing else', () => {
    const kept = [
      accountRoutes.session.build({}),
      playlistRoutes.list.build({}),
      playlistRoutes.get.build({ playlistId: ID }),
      playlistRoutes.shared.build({ token: TOKEN }),
      libraryRoutes.mine.build({}),
    ];
    for (const path of kept) expect(USER_CACHE_URL.test(at(path)), path).toBe(true);
    const notKept = [
      playlistRoutes.addItem.build({ playlistId: ID }),
      playlistRoutes.share.build({ playlistId: ID }),
      playlistRoutes.copyShared.build({ token: TOKEN }),
      playlistRoutes.removeItem.build({ playlistId: ID, itemId: ID }),
      '/api/account/me',
      '/api/auth/get-session',
      '/api/library/tunes/amazing-grace',
      '/api/practice-history',
      '/playlists',
    ];
    for (const path of notKept) expect(USER_CACHE_URL.test(at(path)), path).toBe(false);
  });

  it('issue 18.1: keeps the public configuration apart (which human check the site uses)', () => {
    expect(CONFIG_URL.test(at(systemRoutes.config.build({})))).toBe(true);
    expect(USER_CACHE_URL.test(at(systemRoutes.config.build({})))).toBe(false);
    expect(CONFIG_URL.test(at('/api/configuration'))).toBe(false);
  });
});
