import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Playlist, PlaylistItem } from '../../../contracts/library/playlistRoutes.ts';
import { authSession } from '../../lib/authSession.ts';
import PlaylistAccessScreen from './PlaylistAccessScreen.tsx';
import PlaylistsScreen from './PlaylistsScreen.tsx';

const ID = '3f1c2e4d-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const TOKEN = 'A'.repeat(43);
const itemId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const item = (n: number, title: string): PlaylistItem => ({
  id: itemId(n),
  position: n,
  source: 'library',
  settingId: `10000000-0000-4000-8000-00000000000${n}`,
  tuneSlug: title.toLowerCase().replace(/ /g, '-'),
  title,
  type: '2/4 march',
  tempo: null,
  repeats: 1,
  available: true,
  bww: 'x',
});
const playlist: Playlist = {
  id: ID,
  name: 'Saturday set',
  kind: 'set',
  itemCount: 3,
  shared: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
  shareToken: null,
  items: [item(1, 'Barren Rocks'), item(2, 'Brown Haired Maiden'), item(3, 'Hills of Alva')],
};

type Call = { url: string; method: string; body: unknown };

/** A fake API: answers by method and path, records every call. */
function fakeApi(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const data = answer(call);
    return data instanceof Response ? data : Response.json({ data });
  });
  return calls;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/playlists', element: <PlaylistsScreen /> },
      { path: '/playlists/access', element: <PlaylistAccessScreen /> },
      { path: '/auth', element: <p>Sign in page</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('playlist editor (issue 15 item 7)', () => {
  it('issue 15.7: Alt+Arrow on a tune’s handle and the Move buttons reorder it, announce it and save the full order', async () => {
    const calls = fakeApi((call) =>
      call.method === 'PUT'
        ? {
            ...playlist,
            items: (call.body as { itemIds: string[] }).itemIds.map((id) =>
              playlist.items.find((i) => i.id === id)!,
            ),
          }
        : playlist,
    );
    renderAt(`/playlists?id=${ID}`);
    const user = userEvent.setup();
    const handle = await screen.findByRole('button', {
      name: /Reorder “Hills of Alva”, position 3 of 3/,
    });
    handle.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(screen.getByText('Moved “Hills of Alva” to position 2 of 3.')).toBeTruthy();
    const order = () =>
      within(screen.getByRole('list', { name: 'Tunes' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.playlist-item-title')!.textContent);
    expect(order()).toEqual(['1. Barren Rocks', '2. Hills of Alva', '3. Brown Haired Maiden']);
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]!.url).toBe(`/api/playlists/${ID}/order`);
    expect(put[0]!.body).toEqual({ itemIds: [itemId(1), itemId(3), itemId(2)] });

    await user.click(screen.getByRole('button', { name: 'Move up “Hills of Alva”' }));
    expect(order()).toEqual(['1. Hills of Alva', '2. Barren Rocks', '3. Brown Haired Maiden']);
    expect(screen.getByText('Moved “Hills of Alva” to position 1 of 3.')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Move up “Hills of Alva”' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('issue 15.7: dragging a tune by its handle with a pointer drops it where the pointer passed', async () => {
    const calls = fakeApi((call) => (call.method === 'PUT' ? { ...playlist } : playlist));
    renderAt(`/playlists?id=${ID}`);
    const handle = await screen.findByRole('button', { name: /Reorder “Barren Rocks”/ });
    // Rows 60 px high: middles at 30, 90, 150 (jsdom lays nothing out, so say where they are).
    screen.getAllByRole('listitem').forEach((li, i) => {
      li.getBoundingClientRect = () => ({ top: i * 60, height: 60 }) as DOMRect;
    });
    fireEvent.pointerDown(handle, { button: 0, pointerId: 7, clientY: 30 });
    fireEvent.pointerMove(handle, { pointerId: 7, clientY: 120 });
    fireEvent.pointerUp(handle, { pointerId: 7, clientY: 120 });
    expect(screen.getByText('Moved “Barren Rocks” to position 2 of 3.')).toBeTruthy();
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        itemIds: [itemId(2), itemId(1), itemId(3)],
      }),
    );
  });

  it('issue 15.7: two quick moves are saved one after the other, in the order made', async () => {
    const puts: { body: unknown; done: () => void }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method !== 'PUT') return Response.json({ data: playlist });
      const body = JSON.parse(String(init.body)) as { itemIds: string[] };
      await new Promise<void>((done) => puts.push({ body, done }));
      return Response.json({
        data: {
          ...playlist,
          items: body.itemIds.map((id) => playlist.items.find((i) => i.id === id)!),
        },
      });
    });
    renderAt(`/playlists?id=${ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move down “Barren Rocks”' }));
    await user.click(screen.getByRole('button', { name: 'Move down “Barren Rocks”' }));
    const list = screen.getByRole('list', { name: 'Tunes' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toEqual({ itemIds: [itemId(2), itemId(1), itemId(3)] });
    act(() => puts[0]!.done());
    await vi.waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.body).toEqual({ itemIds: [itemId(2), itemId(3), itemId(1)] });
    act(() => puts[1]!.done());
    await vi.waitFor(() => expect(list.getAttribute('aria-busy')).toBe('false'));
  });

  it('issue 15.7: tempo and repeats are saved per tune when the field is left', async () => {
    const calls = fakeApi((call) =>
      call.method === 'PATCH' ? { ...playlist.items[0]!, ...(call.body as object) } : playlist,
    );
    renderAt(`/playlists?id=${ID}`);
    const user = userEvent.setup();
    const tempo = await screen.findByRole('spinbutton', { name: 'Tempo of “Barren Rocks”' });
    await user.type(tempo, '76');
    await user.tab();
    const repeats = screen.getByRole('spinbutton', { name: 'Repeats of “Barren Rocks”' });
    await user.clear(repeats);
    await user.type(repeats, '2');
    await user.tab();
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => [c.url, c.body])).toEqual([
      [`/api/playlists/${ID}/items/${itemId(1)}`, { tempo: 76 }],
      [`/api/playlists/${ID}/items/${itemId(1)}`, { repeats: 2 }],
    ]);
  });

  it('issue 15.7: a tempo saved while the tune is moved keeps the new order (its answer changes only its tune)', async () => {
    const patches: (() => void)[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method === 'PATCH') {
        await new Promise<void>((done) => patches.push(done));
        // The server's answer carries something the page did not type, to see when it is taken.
        return Response.json({
          data: { ...playlist.items[2]!, title: 'Hills of Alva (saved)', tempo: 90 },
        });
      }
      if (init?.method === 'PUT') return Response.json({ data: playlist });
      return Response.json({ data: playlist });
    });
    renderAt(`/playlists?id=${ID}`);
    const user = userEvent.setup();
    const tempo = await screen.findByRole('spinbutton', { name: 'Tempo of “Hills of Alva”' });
    await user.type(tempo, '90');
    await user.tab();
    await vi.waitFor(() => expect(patches).toHaveLength(1));
    // The reel moves to the top while its tempo is still being saved…
    await user.click(screen.getByRole('button', { name: 'Move up “Hills of Alva”' }));
    await user.click(screen.getByRole('button', { name: 'Move up “Hills of Alva”' }));
    await screen.findByRole('button', { name: /Reorder “Hills of Alva”, position 1 of 3/ });
    // …and the tempo's answer arrives last: it is taken, and the order stays.
    act(() => patches[0]!());
    const handle = await screen.findByRole('button', { name: /Reorder “Hills of Alva \(saved\)”/ });
    expect(handle.getAttribute('aria-label')).toMatch(/position 1 of 3/);
  });

  it('issue 15.7: adds a tune found by the library search', async () => {
    const tune = {
      id: '20000000-0000-4000-8000-000000000001',
      slug: 'scotland-the-brave',
      title: 'Scotland the Brave',
      aliases: [],
      type: '4/4 march',
      timeSignature: '4/4',
      composer: 'Traditional',
      composerDates: null,
      featured: false,
      settingCount: 1,
      previewBww: null,
    };
    const setting = {
      id: '30000000-0000-4000-8000-000000000001',
      tuneId: tune.id,
      bww: 'x',
      arranger: null,
      source: null,
      licence: 'public-domain',
      attribution: null,
      visibility: 'public',
      builtin: true,
      uploaderName: null,
      mine: false,
      rejectReason: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const calls = fakeApi((call) => {
      if (call.url.startsWith('/api/library/tunes?')) return { tunes: [tune], total: 1 };
      if (call.url === '/api/library/tunes/scotland-the-brave')
        return { tune: { ...tune, notes: null }, settings: [setting], redirectTo: null };
      if (call.method === 'POST')
        return { ...item(4, 'Scotland the Brave'), settingId: setting.id };
      return { ...playlist, items: [] };
    });
    renderAt(`/playlists?id=${ID}`);
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('searchbox', { name: 'Search the library' }),
      'scotland',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Add “Scotland the Brave”' }));
    expect(await screen.findByText('Added “Scotland the Brave”.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: `/api/playlists/${ID}/items`,
      method: 'POST',
      body: { source: 'library', settingId: setting.id },
    });
    expect(calls[1]!.url).toBe('/api/library/tunes?q=scotland&limit=10');
  });

  it('issue 15.7: deleting asks first', async () => {
    const calls = fakeApi((call) => (call.method === 'DELETE' ? { deleted: true } : playlist));
    const router = renderAt(`/playlists?id=${ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete playlist' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, delete the playlist' }));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/playlists/${ID}`,
    ]);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('shared playlist (issue 15 item 7: /playlists/access)', () => {
  const shared = {
    name: 'Band setlist',
    kind: 'setlist',
    items: playlist.items.map(({ settingId: _s, ...rest }, i) =>
      i === 1 ? { ...rest, available: false, bww: null, type: null } : rest,
    ),
  };

  it('issue 15.7: read-only, marks unavailable tunes, and asks a visitor to sign in before copying', async () => {
    act(() => authSession.set({ status: 'signed-out', user: null }));
    fakeApi(() => shared);
    renderAt(`/playlists/access?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Band setlist' })).toBeTruthy();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull();
    expect(screen.getByText(/no longer available/)).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in to copy to my playlists' });
    expect(signIn.getAttribute('href')).toBe(
      `/auth?redirect=${encodeURIComponent(`/playlists/access?token=${TOKEN}`)}`,
    );
  });

  it('issue 15.7: a signed-in piper copies it and lands on the copy', async () => {
    act(() =>
      authSession.set({
        status: 'signed-in',
        user: {
          id: 'u1',
          email: 'a@example.org',
          name: '',
          roles: ['user'],
          initials: null,
          localUserId: null,
          createdAt: '',
        } as never,
      }),
    );
    const calls = fakeApi((call) =>
      call.method === 'POST' ? { ...playlist, id: '4f1c2e4d-5a6b-4c7d-8e9f-0a1b2c3d4e5f' } : shared,
    );
    const router = renderAt(`/playlists/access?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy to my playlists' }));
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/shared-playlists/${TOKEN}/copy`);
    await vi.waitFor(() =>
      expect(router.state.location.search).toBe('?id=4f1c2e4d-5a6b-4c7d-8e9f-0a1b2c3d4e5f'),
    );
  });

  it('issue 15.7: a revoked or malformed link says so', async () => {
    fakeApi(() =>
      Response.json(
        {
          error: {
            message: 'This link does not open a playlist: it may have been revoked.',
            code: 'not_found',
          },
        },
        { status: 404 },
      ),
    );
    renderAt(`/playlists/access?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toMatch(/revoked/);
    cleanup();
    renderAt('/playlists/access?token=nope');
    expect((await screen.findByRole('alert')).textContent).toMatch(/revoked/);
  });
});
