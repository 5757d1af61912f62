/**
 * Playlists' permissions and behaviour (issue 15 item 7 and 'Done when': only owners edit,
 * revoked links stop working, a banned user can do none of it, a private setting is
 * invisible to others). Runs on PGlite, and on PostgreSQL under scripts/with-postgres.sh.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserPath } from '../../contracts/account.ts';
import type { ApiRoute } from '../../contracts/api/apiRoute.ts';
import {
  playlistRoutes as r,
  type Playlist,
  type PlaylistItem,
  type SharedPlaylist,
} from '../../contracts/library/playlistRoutes.ts';
import { PLAYLIST_LIMITS } from '../../contracts/library/playlistTerms.ts';
import { libraryRoutes } from '../../contracts/library/libraryRoutes.ts';
import { accountRoutes } from '../../contracts/api/accountRoutes.ts';
import { PRIVATE_READ } from '../../contracts/offline.ts';
import { signIn } from '../auth/testSignIn.ts';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/testApp.ts';

let t: TestApp;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;
/** Library settings: a public one, Bob's private one, Alice's private one. */
let publicSetting: string;
let bobsPrivate: string;
let alicesPrivate: string;

const BWW = `"Test Tune",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)
& sharpf sharpc 2_4 I! LA_4 B_4 ! C_4 D_4 !I`;

async function call(
  route: ApiRoute,
  who: string | null,
  input: { params?: Record<string, string>; body?: unknown } = {},
) {
  const response = await t.app.inject({
    method: route.method,
    url: route.build(input.params ?? {}),
    headers: {
      origin: t.config.siteUrl,
      ...(who ? { cookie: who } : {}),
      ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(input.body !== undefined ? { payload: JSON.stringify(input.body) } : {}),
  });
  return {
    status: response.statusCode,
    cacheControl: response.headers['cache-control'],
    json: response.json() as { data?: unknown; error?: { code: string; message: string } },
    raw: response.body,
  };
}

async function userId(cookie: string): Promise<string> {
  const [row] = await t.database.rows<{ user_id: string }>(
    sql`select user_id from session order by created_at desc limit 1`,
  );
  void cookie;
  return row!.user_id;
}

async function addSetting(title: string, visibility: string, uploader: string | null) {
  const [tune] = await t.database.rows<{ id: string }>(
    sql`insert into library_tunes (slug, title, type, time_signature, search_text)
        values (${title.toLowerCase().replace(/ /g, '-')}, ${title}, '2/4 march', '2/4', ${title.toLowerCase()})
        returning id`,
  );
  const [setting] = await t.database.rows<{ id: string }>(
    sql`insert into library_settings (tune_id, bww, licence, visibility, uploader_id)
        values (${tune!.id}, ${BWW.replace('Test Tune', title)}, 'public-domain', ${visibility}, ${uploader})
        returning id`,
  );
  return setting!.id;
}

async function newPlaylist(who: string, name = 'Competition set') {
  const created = await call(r.create, who, { body: { name, kind: 'set' } });
  expect(created.status).toBe(200);
  return created.json.data as Playlist;
}

beforeAll(async () => {
  t = await createTestApp({
    MAGIC_LINK_PER_CLIENT_PER_MINUTE: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '10000',
  });
  alice = await signIn(t, 'alice@example.org');
  aliceId = await userId(alice);
  bob = await signIn(t, 'bob@example.org');
  bobId = await userId(bob);
  publicSetting = await addSetting('Barren Rocks', 'public', null);
  bobsPrivate = await addSetting('Bobs Own', 'private', bobId);
  alicesPrivate = await addSetting('Alices Own', 'private', aliceId);
});
afterAll(async () => {
  await t.close();
});

describe('issue 15.7 playlists: owners only', () => {
  it('issue 15.7: every playlist route but the shared view refuses an anonymous caller (401)', async () => {
    const list = await newPlaylist(alice);
    const params = {
      playlistId: list.id,
      itemId: '00000000-0000-4000-8000-000000000000',
      token: 'a'.repeat(43),
    };
    for (const route of Object.values(r)) {
      if (route === r.shared) continue;
      const body = route === r.create ? { name: 'x' } : route === r.reorder ? { itemIds: [] } : {};
      const answer = await call(route, null, {
        params,
        body: route.method === 'GET' ? undefined : body,
      });
      expect(answer.status, `${route.method} ${route.pattern}`).toBe(401);
    }
  });

  it('issue 15.7: creates, lists, renames and deletes; another user sees a 404 for every route', async () => {
    const list = await newPlaylist(alice, 'Saturday set');
    const item = (
      await call(r.addItem, alice, {
        params: { playlistId: list.id },
        body: { source: 'library', settingId: publicSetting },
      })
    ).json.data as PlaylistItem;
    const mine = (await call(r.list, alice)).json.data as {
      playlists: { id: string; itemCount: number }[];
    };
    expect(mine.playlists.find((p) => p.id === list.id)?.itemCount).toBe(1);
    expect((await call(r.list, bob)).json.data).toEqual({ playlists: [] });

    const ids = { playlistId: list.id, itemId: item.id };
    const bobTries: [ApiRoute, unknown][] = [
      [r.get, undefined],
      [r.update, { name: 'Mine now' }],
      [r.addItem, { source: 'library', settingId: publicSetting }],
      [r.updateItem, { repeats: 2 }],
      [r.removeItem, undefined],
      [r.reorder, { itemIds: [item.id] }],
      [r.share, undefined],
      [r.unshare, undefined],
      [r.remove, undefined],
    ];
    for (const [route, body] of bobTries) {
      const answer = await call(route, bob, { params: ids, body });
      expect(answer.status, `${route.method} ${route.pattern}`).toBe(404);
    }
    const still = (await call(r.get, alice, { params: { playlistId: list.id } })).json
      .data as Playlist;
    expect(still.name).toBe('Saturday set');
    expect(still.items).toHaveLength(1);

    const renamed = await call(r.update, alice, {
      params: { playlistId: list.id },
      body: { name: '  Sunday medley ', kind: 'medley' },
    });
    expect(renamed.json.data).toMatchObject({
      name: 'Sunday medley',
      kind: 'medley',
      itemCount: 1,
    });
    expect((await call(r.remove, alice, { params: { playlistId: list.id } })).status).toBe(200);
    expect((await call(r.get, alice, { params: { playlistId: list.id } })).status).toBe(404);
  });

  it('issue 15.7: bounds: name length, item fields, the number of playlists per user', async () => {
    const long = await call(r.create, alice, {
      body: { name: 'x'.repeat(PLAYLIST_LIMITS.name + 1) },
    });
    expect(long.status).toBe(400);
    expect(long.json.error?.message).toMatch(/^name: /);
    const list = await newPlaylist(alice);
    const badTempo = await call(r.addItem, alice, {
      params: { playlistId: list.id },
      body: { source: 'library', settingId: publicSetting, tempo: 999 },
    });
    expect(badTempo.status).toBe(400);
    expect(badTempo.json.error?.message).toMatch(/^tempo: /);

    const carol = await signIn(t, 'carol@example.org');
    for (let i = 0; i < PLAYLIST_LIMITS.playlistsPerUser; i++) {
      expect((await call(r.create, carol, { body: { name: `List ${i}` } })).status).toBe(200);
    }
    const over = await call(r.create, carol, { body: { name: 'One too many' } });
    expect(over.status).toBe(409);
    expect(over.json.error?.code).toBe('too_many_playlists');
  });
});

describe('issue 15.7 playlists: items', () => {
  it('issue 15.7: adds library settings the owner may see and own BWW files; per-item tempo and repeats; reorder and remove', async () => {
    const list = await newPlaylist(alice);
    const p = { playlistId: list.id };
    // Bob's private setting is invisible to Alice: she cannot add it (a 404 as if absent).
    const hidden = await call(r.addItem, alice, {
      params: p,
      body: { source: 'library', settingId: bobsPrivate },
    });
    expect(hidden.status).toBe(404);
    const a = (
      await call(r.addItem, alice, {
        params: p,
        body: { source: 'library', settingId: publicSetting, tempo: 72 },
      })
    ).json.data as PlaylistItem;
    const b = (
      await call(r.addItem, alice, {
        params: p,
        body: { source: 'library', settingId: alicesPrivate },
      })
    ).json.data as PlaylistItem;
    const c = (
      await call(r.addItem, alice, {
        params: p,
        body: { source: 'file', title: 'My Jig', bww: BWW, type: 'jig', repeats: 2 },
      })
    ).json.data as PlaylistItem;
    expect(a).toMatchObject({
      source: 'library',
      title: 'Barren Rocks',
      type: '2/4 march',
      tempo: 72,
      repeats: 1,
      available: true,
    });
    expect(a.bww).toContain('Barren Rocks');
    expect(b).toMatchObject({ title: 'Alices Own', available: true });
    expect(c).toMatchObject({
      source: 'file',
      title: 'My Jig',
      type: 'jig',
      repeats: 2,
      available: true,
      bww: BWW,
    });

    const changed = await call(r.updateItem, alice, {
      params: { ...p, itemId: c.id },
      body: { tempo: 110, repeats: 3 },
    });
    expect(changed.json.data).toMatchObject({ tempo: 110, repeats: 3 });
    const cleared = await call(r.updateItem, alice, {
      params: { ...p, itemId: c.id },
      body: { tempo: null },
    });
    expect(cleared.json.data).toMatchObject({ tempo: null, repeats: 3 });

    const stale = await call(r.reorder, alice, { params: p, body: { itemIds: [c.id, a.id] } });
    expect(stale.status).toBe(409);
    const twice = await call(r.reorder, alice, {
      params: p,
      body: { itemIds: [c.id, a.id, a.id] },
    });
    expect(twice.status).toBe(409);
    const reordered = (
      await call(r.reorder, alice, { params: p, body: { itemIds: [c.id, a.id, b.id] } })
    ).json.data as Playlist;
    expect(reordered.items.map((i) => i.id)).toEqual([c.id, a.id, b.id]);

    expect((await call(r.removeItem, alice, { params: { ...p, itemId: a.id } })).status).toBe(200);
    const after = (await call(r.get, alice, { params: p })).json.data as Playlist;
    expect(after.items.map((i) => i.id)).toEqual([c.id, b.id]);
    expect((await call(r.removeItem, alice, { params: { ...p, itemId: a.id } })).status).toBe(404);
  });

  it('issue 15.7: at most the bound of items in one playlist', async () => {
    const list = await newPlaylist(alice);
    await t.database.rows(
      sql`insert into playlist_items (playlist_id, position, title, bww)
          select ${list.id}::uuid, g, 'Tune ' || g, 'x' from generate_series(0, ${PLAYLIST_LIMITS.itemsPerPlaylist - 1}) g`,
    );
    const over = await call(r.addItem, alice, {
      params: { playlistId: list.id },
      body: { source: 'library', settingId: publicSetting },
    });
    expect(over.status).toBe(409);
    expect(over.json.error?.code).toBe('too_many_items');
  });

  it('issue 15.7: a setting that becomes hidden or private shows as unavailable, without its music', async () => {
    const extra = await addSetting('Soon Hidden', 'public', null);
    const gone = await addSetting('Soon Deleted', 'public', null);
    const list = await newPlaylist(alice);
    const p = { playlistId: list.id };
    await call(r.addItem, alice, { params: p, body: { source: 'library', settingId: extra } });
    await call(r.addItem, alice, { params: p, body: { source: 'library', settingId: gone } });
    await t.database.rows(
      sql`update library_settings set visibility = 'hidden' where id = ${extra}`,
    );
    await t.database.rows(sql`delete from library_settings where id = ${gone}`);
    const view = (await call(r.get, alice, { params: p })).json.data as Playlist;
    expect(view.items).toHaveLength(2);
    for (const item of view.items) {
      expect(item).toMatchObject({
        source: 'library',
        available: false,
        bww: null,
        tuneSlug: null,
      });
    }
    expect(view.items.map((i) => i.title)).toEqual(['Soon Hidden', 'Soon Deleted']);
  });
});

describe('issue 15.7 playlists: share links', () => {
  it('issue 15.7: a link opens the playlist read-only for anyone, without the owner; revoking stops it at once; copying needs sign-in', async () => {
    const list = await newPlaylist(alice, 'Band setlist');
    const p = { playlistId: list.id };
    await call(r.addItem, alice, {
      params: p,
      body: { source: 'library', settingId: publicSetting, tempo: 80 },
    });
    await call(r.addItem, alice, {
      params: p,
      body: { source: 'library', settingId: alicesPrivate },
    });
    await call(r.addItem, alice, {
      params: p,
      body: { source: 'file', title: 'My Jig', bww: BWW },
    });

    const { token } = (await call(r.share, alice, { params: p })).json.data as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Asking again gives the live link, not a new one.
    expect((await call(r.share, alice, { params: p })).json.data).toEqual({ token });
    expect(((await call(r.get, alice, { params: p })).json.data as Playlist).shareToken).toBe(
      token,
    );

    const open = await call(r.shared, null, { params: { token } });
    expect(open.status).toBe(200);
    const shared = open.json.data as SharedPlaylist;
    expect(shared.name).toBe('Band setlist');
    expect(shared.items.map((i) => [i.title, i.available])).toEqual([
      ['Barren Rocks', true],
      // Alice's private setting stays private to her, even through her link.
      ['Alices Own', false],
      ['My Jig', true],
    ]);
    expect(shared.items[1]!.bww).toBeNull();
    expect(open.raw).not.toContain('alice@example.org');
    expect(open.raw).not.toContain(aliceId);
    expect(open.raw).not.toContain(list.id);

    // Copying needs a session; Bob's copy is his own and keeps tempo and files.
    expect((await call(r.copyShared, null, { params: { token } })).status).toBe(401);
    const copy = (await call(r.copyShared, bob, { params: { token } })).json.data as Playlist;
    expect(copy.id).not.toBe(list.id);
    expect(copy.shareToken).toBeNull();
    expect(copy.items.map((i) => [i.title, i.available, i.tempo])).toEqual([
      ['Barren Rocks', true, 80],
      ['Alices Own', false, null],
      ['My Jig', true, null],
    ]);
    expect((await call(r.get, bob, { params: { playlistId: copy.id } })).status).toBe(200);

    expect((await call(r.unshare, alice, { params: p })).status).toBe(200);
    expect((await call(r.shared, null, { params: { token } })).status).toBe(404);
    expect((await call(r.shared, bob, { params: { token } })).status).toBe(404);
    expect((await call(r.copyShared, bob, { params: { token } })).status).toBe(404);
    // A new link is a new secret: the old one stays dead.
    const again = (await call(r.share, alice, { params: p })).json.data as { token: string };
    expect(again.token).not.toBe(token);
    expect((await call(r.shared, null, { params: { token } })).status).toBe(404);
    expect((await call(r.shared, null, { params: { token: again.token } })).status).toBe(200);
    // Deleting the playlist kills its link too.
    await call(r.remove, alice, { params: p });
    expect((await call(r.shared, null, { params: { token: again.token } })).status).toBe(404);
  });

  it('issue 15.7: a malformed token is a 400, an unknown one a 404', async () => {
    expect((await call(r.shared, null, { params: { token: 'short' } })).status).toBe(400);
    expect((await call(r.shared, null, { params: { token: 'b'.repeat(43) } })).status).toBe(404);
  });
});

describe('issue 15.7 playlists: a banned user', () => {
  it('issue 15.7: can do none of it, not even open a link', async () => {
    const dave = await signIn(t, 'dave@example.org');
    const daveId = await userId(dave);
    const list = await newPlaylist(dave);
    const owner = await newPlaylist(alice);
    const { token } = (await call(r.share, alice, { params: { playlistId: owner.id } })).json
      .data as { token: string };
    const ban = await t.app.inject({
      method: 'POST',
      url: adminUserPath(daveId, 'ban'),
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'spam' }),
    });
    expect(ban.statusCode).toBe(200);
    const params = { playlistId: list.id, itemId: '00000000-0000-4000-8000-000000000000', token };
    for (const route of Object.values(r)) {
      const body = route === r.create ? { name: 'x' } : route === r.reorder ? { itemIds: [] } : {};
      const answer = await call(route, dave, {
        params,
        body: route.method === 'GET' ? undefined : body,
      });
      expect(answer.status, `${route.method} ${route.pattern}`).toBe(403);
      expect(answer.json.error?.code).toBe('banned');
    }
  });
});

describe('issue 18.1 playlists offline: what the service worker may keep', () => {
  it("issue 18.1: a signed-in piper's reads are `private, no-cache` (the worker keeps them); writes and refusals are `no-store`", async () => {
    const list = await newPlaylist(alice, 'Practice hall set');
    const p = { playlistId: list.id };
    const added = await call(r.addItem, alice, {
      params: p,
      body: { source: 'library', settingId: publicSetting },
    });
    expect(added.cacheControl).toBe('no-store');
    const shared = await call(r.share, alice, { params: p });
    expect(shared.cacheControl).toBe('no-store');
    const { token } = shared.json.data as { token: string };

    for (const [route, who, params] of [
      [r.list, alice, {}],
      [r.get, alice, p],
      [r.shared, alice, { token }],
      [r.shared, null, { token }],
      [libraryRoutes.mine, alice, {}],
      [accountRoutes.session, alice, {}],
      [accountRoutes.session, null, {}],
    ] as const) {
      const answer = await call(route, who, { params });
      expect(answer.status, route.pattern).toBe(200);
      expect(answer.cacheControl, route.pattern).toBe(PRIVATE_READ);
    }
    // A refusal (another's playlist) is no answer to keep for anyone.
    expect((await call(r.get, bob, { params: p })).cacheControl).toBe('no-store');
  });
});
