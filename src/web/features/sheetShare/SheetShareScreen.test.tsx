import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TunePage, TuneSummary } from '../../../contracts/library/libraryRoutes.ts';
import type { Tune } from '../../../music/tune/tune.ts';
import { authSession } from '../../lib/authSession.ts';
import SheetShareScreen from './SheetShareScreen.tsx';
import { TunePageView } from './TunePageView.tsx';

// The real score needs VexFlow and layout; these tests are about the screen around it.
vi.mock('../../ui/notation/PipeScore.tsx', () => ({
  PipeScore: ({ tune }: { tune: Tune }) => <div data-testid="score">{tune.parts.length} parts</div>,
}));
vi.mock('./ScorePreview.tsx', () => ({
  ScorePreview: ({ label }: { label: string }) => <div data-testid="preview">{label}</div>,
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  act(() => authSession.set({ status: 'signed-out', user: null }));
});

const TUNE_ID = '6f1c1d2e-8a7b-4c3d-9e8f-0a1b2c3d4e5f';
const SETTING_ID = '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
const OTHER_SETTING = '1c9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';

const summary: TuneSummary = {
  id: TUNE_ID,
  slug: 'scotland-the-brave',
  title: 'Scotland the Brave',
  aliases: ['Scotland The Brave March'],
  type: '4/4 march',
  timeSignature: '4/4',
  composer: 'Traditional',
  composerDates: null,
  featured: true,
  settingCount: 2,
  previewBww: '& sharpf sharpc 4_4 I! LA_4 B_4 C_4 D_4 !I',
};
const bww = `"Scotland the Brave",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n& sharpf sharpc 4_4 I! LA_4 B_4 C_4 D_4 !I\n`;
const page: TunePage = {
  tune: { ...summary, notes: 'Played at every Highland games.' },
  settings: [
    {
      id: SETTING_ID,
      tuneId: TUNE_ID,
      bww,
      arranger: null,
      source: 'Chanterlab library',
      licence: 'public-domain',
      attribution: null,
      visibility: 'public',
      builtin: true,
      uploaderName: null,
      mine: false,
      rejectReason: null,
      createdAt: '2026-11-25T00:00:00.000Z',
    },
    {
      id: OTHER_SETTING,
      tuneId: TUNE_ID,
      bww,
      arranger: 'A. Piper',
      source: null,
      licence: 'cc-by',
      attribution: 'A. Piper',
      visibility: 'pending',
      builtin: false,
      uploaderName: 'AP',
      mine: true,
      rejectReason: null,
      createdAt: '2026-11-25T00:00:00.000Z',
    },
  ],
  redirectTo: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string, element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {element}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('issue 15.5: the library screen (/sheet-share)', () => {
  it('searches with the typed title and filters and lists the tunes with their facts', async () => {
    const urls: string[] = [];
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) => {
      urls.push(String(url));
      return json({ data: { tunes: [summary], total: 1 } });
    });
    const user = userEvent.setup();
    renderAt('/sheet-share', <SheetShareScreen fetchImpl={fetchImpl as typeof fetch} />);
    await screen.findByRole('link', { name: 'Scotland the Brave' });
    expect(screen.getByText('1 tune')).toBeTruthy();
    expect(screen.getByText('4/4 March · 4/4 · Traditional · 2 settings')).toBeTruthy();
    expect(screen.getByText('Also known as Scotland The Brave March')).toBeTruthy();
    await user.type(screen.getByLabelText('Title or other name'), 'scotland brve');
    await user.selectOptions(screen.getByLabelText('Type'), '4/4 march');
    await vi.waitFor(() =>
      expect(urls.at(-1)).toBe('/api/library/tunes?q=scotland+brve&type=4%2F4+march&limit=20'),
    );
    expect(screen.getByRole('heading', { name: 'Tunes found' })).toBeTruthy();
  });

  it('issue 15.5: ‘Show more tunes’ appends the next page of the same search', async () => {
    const urls: string[] = [];
    const second: TuneSummary = {
      ...summary,
      id: '7a1c1d2e-8a7b-4c3d-9e8f-0a1b2c3d4e5f',
      slug: 'the-water-is-wide',
      title: 'The Water Is Wide',
      aliases: [],
    };
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) => {
      urls.push(String(url));
      return String(url).includes('offset=1')
        ? json({ data: { tunes: [second], total: 2 } })
        : json({ data: { tunes: [summary], total: 2 } });
    });
    const user = userEvent.setup();
    renderAt('/sheet-share', <SheetShareScreen fetchImpl={fetchImpl as typeof fetch} />);
    await user.click(await screen.findByRole('button', { name: 'Show more tunes (1 of 2 shown)' }));
    await screen.findByRole('link', { name: 'The Water Is Wide' });
    expect(screen.getByRole('link', { name: 'Scotland the Brave' })).toBeTruthy();
    expect(urls.at(-1)).toBe('/api/library/tunes?limit=20&offset=1');
    expect(screen.queryByRole('button', { name: /Show more tunes/ })).toBeNull();
    expect(screen.getByText('2 tunes')).toBeTruthy();
  });

  it('says so when the search fails, in words', async () => {
    const fetchImpl = vi.fn(async () =>
      json({ error: { message: 'Too many requests', code: 'rate_limited' } }, 429),
    );
    renderAt('/sheet-share', <SheetShareScreen fetchImpl={fetchImpl as typeof fetch} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests');
  });

  it('links a result to its tune page', async () => {
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) =>
      String(url).startsWith('/api/library/tunes/')
        ? json({ data: page })
        : json({ data: { tunes: [summary], total: 1 } }),
    );
    const user = userEvent.setup();
    renderAt('/sheet-share', <SheetShareScreen fetchImpl={fetchImpl as typeof fetch} />);
    await user.click(await screen.findByRole('link', { name: 'Scotland the Brave' }));
    expect(screen.getByTestId('where').textContent).toBe('/sheet-share?tune=scotland-the-brave');
    await screen.findByRole('heading', { level: 2, name: 'Scotland the Brave' });
  });
});

describe('issue 15.5: a tune page', () => {
  function pageFetch(answer: TunePage = page) {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), ...(init ? { init } : {}) });
      if (init?.method === 'POST') return json({ data: { received: true } });
      return json({ data: answer });
    });
    return { calls, fetchImpl: fetchImpl as typeof fetch };
  }

  it('shows the metadata, each setting with its licence, and the owner’s review state', async () => {
    const { fetchImpl } = pageFetch();
    const user = userEvent.setup();
    renderAt('/x', <TunePageView slug="scotland-the-brave" live fetchImpl={fetchImpl} />);
    await screen.findByRole('heading', { level: 2, name: 'Scotland the Brave' });
    expect(screen.getByText('Played at every Highland games.')).toBeTruthy();
    expect(screen.getByText('Public domain')).toBeTruthy();
    expect(screen.getByTestId('score')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Setting'), OTHER_SETTING);
    expect(screen.getByText('CC BY 4.0 — credit A. Piper')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Waiting for a curator before it is public.');
    const sheet = screen.getByRole('link', { name: 'Open in Sheet Music' });
    expect(sheet.getAttribute('href')).toBe(
      `/sheet-music?tune=scotland-the-brave&setting=${OTHER_SETTING}`,
    );
  });

  it('downloads the chosen setting as BWW and as MusicXML', async () => {
    const { fetchImpl } = pageFetch();
    const download = vi.fn();
    const user = userEvent.setup();
    renderAt(
      '/x',
      <TunePageView slug="scotland-the-brave" live fetchImpl={fetchImpl} download={download} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Download BWW' }));
    expect(download).toHaveBeenLastCalledWith(
      'scotland-the-brave.bww',
      bww,
      expect.stringContaining('text/plain'),
    );
    await user.click(screen.getByRole('button', { name: 'Download MusicXML' }));
    expect(download.mock.calls[1]?.[0]).toBe('scotland-the-brave.musicxml');
    expect(String(download.mock.calls[1]?.[1])).toContain('<score-partwise');
  });

  it('sends a report with its kind and message, and reloads the page after it', async () => {
    const { calls, fetchImpl } = pageFetch();
    const user = userEvent.setup();
    renderAt('/x', <TunePageView slug="scotland-the-brave" live fetchImpl={fetchImpl} />);
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please say what is wrong.');
    await user.click(within(dialog).getByLabelText(/Copyright/));
    await user.type(
      within(dialog).getByLabelText('Tell the curators what you found'),
      'From a book in copyright',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText('Thank you — a curator will look at it.');
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(post?.url).toBe(`/api/library/settings/${SETTING_ID}/reports`);
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      kind: 'copyright',
      message: 'From a book in copyright',
    });
    const before = calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(calls.length).toBe(before + 1));
  });

  it('follows a merged tune to the tune it was merged into', async () => {
    const { fetchImpl } = pageFetch({ ...page, redirectTo: 'scotland-the-brave-2' });
    renderAt('/sheet-share?tune=old', <TunePageView slug="old" live fetchImpl={fetchImpl} />);
    await vi.waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/sheet-share?tune=scotland-the-brave-2',
      ),
    );
  });

  it('says plainly when the tune is not there', async () => {
    const fetchImpl = vi.fn(async () =>
      json({ error: { message: 'This tune is not in the library.', code: 'not_found' } }, 404),
    );
    renderAt('/x', <TunePageView slug="nope" live fetchImpl={fetchImpl as typeof fetch} />);
    await screen.findByRole('heading', { name: 'Tune not found' });
  });
});

describe('issue 15.6: find a tune by playing it, on the library screen', () => {
  it('sends the tapped melody when the notes stop, and lists the tunes with their starting bar', async () => {
    const bodies: unknown[] = [];
    const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === '/api/library/find') {
        bodies.push(JSON.parse(String(init?.body)));
        return json({
          data: { results: [{ tune: summary, settingId: SETTING_ID, score: 0.875, bar: 3 }] },
        });
      }
      return json({ data: { tunes: [], total: 0 } });
    });
    const user = userEvent.setup();
    renderAt('/sheet-share', <SheetShareScreen fetchImpl={fetchImpl as typeof fetch} />);
    await user.click(screen.getByRole('button', { name: 'Find a tune by playing it' }));
    const taps = await screen.findByRole('group', { name: 'Tap notes' });
    for (const name of ['Low A', 'B', 'C', 'Low A', 'C', 'E', 'High A', 'High G', 'High A']) {
      await user.click(within(taps).getByRole('button', { name }));
    }
    await screen.findByRole('heading', { name: 'Tunes with that melody' });
    // The last question holds all nine notes (a slow machine may also have asked with eight).
    await vi.waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        pitches: ['LA', 'B', 'C', 'LA', 'C', 'E', 'HA', 'HG', 'HA'],
      }),
    );
    const link = screen.getByRole('link', { name: 'Scotland the Brave' });
    expect(link.getAttribute('href')).toBe('/sheet-share?tune=scotland-the-brave');
    expect(link.parentElement?.textContent).toContain('from bar 3 · 88% match');
  });
});

describe('issue 15.5: add a tune to a playlist from its page', () => {
  const SET_ID = '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
  const NEW_ID = '3b2c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
  const ITEM_ID = '4c3d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f';
  const summaryOf = (id: string, name: string, itemCount: number) => ({
    id,
    name,
    kind: 'set',
    itemCount,
    shared: false,
    updatedAt: '2026-11-25T00:00:00.000Z',
  });
  const item = {
    id: ITEM_ID,
    position: 0,
    source: 'library',
    settingId: SETTING_ID,
    tuneSlug: 'scotland-the-brave',
    title: 'Scotland the Brave',
    type: '4/4 march',
    tempo: null,
    repeats: 1,
    available: true,
    bww,
  };

  function signedIn() {
    act(() =>
      authSession.set({
        status: 'signed-in',
        user: { id: 'u1', email: 'a@example.org', name: '', roles: ['user'] } as never,
      }),
    );
  }

  function playlistFetch(playlists: unknown[]) {
    const calls: { method: string; url: string; body: unknown }[] = [];
    const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: String(url), body });
      if (String(url) === '/api/playlists' && method === 'GET')
        return json({ data: { playlists } });
      if (String(url) === '/api/playlists' && method === 'POST')
        return json({
          data: { ...summaryOf(NEW_ID, body.name, 0), items: [], shareToken: null },
        });
      if (String(url).endsWith('/items')) return json({ data: item });
      return json({ data: page });
    });
    return { calls, fetchImpl: fetchImpl as typeof fetch };
  }

  it('issue 15.5: a signed-in piper picks one of their playlists; the setting is added as a library item and the playlist linked', async () => {
    signedIn();
    const { calls, fetchImpl } = playlistFetch([
      summaryOf(SET_ID, 'Competition set', 3),
      summaryOf(NEW_ID, 'Band setlist', 1),
    ]);
    const user = userEvent.setup();
    renderAt('/x', <TunePageView slug="scotland-the-brave" live fetchImpl={fetchImpl} />);
    await user.click(await screen.findByRole('button', { name: 'Add to a playlist' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Add “Scotland the Brave” to a playlist',
    });
    const list = await within(dialog).findByRole('list', { name: 'Your playlists' });
    expect(within(list).getByText('3 tunes')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Add to “Competition set”' }));
    const done = await within(dialog).findByRole('status');
    expect(done.textContent).toContain('Added to “Competition set”.');
    const link = within(done).getByRole('link', { name: 'Open “Competition set”' });
    expect(link.getAttribute('href')).toBe(`/playlists?id=${SET_ID}`);
    expect(document.activeElement).toBe(link);
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: `/api/playlists/${SET_ID}/items`,
      body: { source: 'library', settingId: SETTING_ID },
    });
  });

  it('issue 15.5: ‘New playlist…’ names a new playlist and adds the setting to it', async () => {
    signedIn();
    const { calls, fetchImpl } = playlistFetch([summaryOf(SET_ID, 'Competition set', 3)]);
    const user = userEvent.setup();
    renderAt('/x', <TunePageView slug="scotland-the-brave" live fetchImpl={fetchImpl} />);
    await user.click(await screen.findByRole('button', { name: 'Add to a playlist' }));
    const dialog = screen.getByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'New playlist…' }));
    const name = within(dialog).getByLabelText('Name of the new playlist');
    expect(document.activeElement).toBe(name);
    await user.type(name, 'Marches{Enter}');
    await within(dialog).findByRole('link', { name: 'Open “Marches”' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/playlists', body: { name: 'Marches' } },
      {
        method: 'POST',
        url: `/api/playlists/${NEW_ID}/items`,
        body: { source: 'library', settingId: SETTING_ID },
      },
    ]);
  });

  it('issue 15.5: says why when the playlist refuses the tune', async () => {
    signedIn();
    const { fetchImpl } = playlistFetch([summaryOf(SET_ID, 'Competition set', 3)]);
    const failing = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) =>
      String(url).endsWith('/items')
        ? json({ error: { message: 'A playlist holds up to 100 tunes.', code: 'conflict' } }, 409)
        : fetchImpl(url, init),
    ) as typeof fetch;
    const user = userEvent.setup();
    renderAt('/x', <TunePageView slug="scotland-the-brave" live fetchImpl={failing} />);
    await user.click(await screen.findByRole('button', { name: 'Add to a playlist' }));
    const dialog = screen.getByRole('dialog');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Add to “Competition set”' }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A playlist holds up to 100 tunes.',
    );
  });

  it('issue 15.5: a signed-out visitor is offered to sign in and come back to the tune', async () => {
    const { fetchImpl } = pageFetchOnly();
    renderAt(
      '/sheet-share?tune=scotland-the-brave',
      <TunePageView slug="scotland-the-brave" live fetchImpl={fetchImpl} />,
    );
    const link = await screen.findByRole('link', { name: 'Sign in to add it to a playlist' });
    expect(link.getAttribute('href')).toBe(
      `/auth?redirect=${encodeURIComponent('/sheet-share?tune=scotland-the-brave')}`,
    );
    expect(screen.queryByRole('button', { name: 'Add to a playlist' })).toBeNull();
  });

  function pageFetchOnly() {
    return { fetchImpl: vi.fn(async () => json({ data: page })) as typeof fetch };
  }
});

describe('issue 21.1: a tune page link hydrates the prerendered library page', () => {
  it('renders the search first (as prerendered), then the tune page, with no hydration error', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('react');
    const fetchImpl = vi.fn(async () => json({ data: page })) as unknown as typeof fetch;
    const html = renderToString(
      <MemoryRouter initialEntries={['/sheet-share']}>
        <SheetShareScreen fetchImpl={fetchImpl} />
      </MemoryRouter>,
    );
    expect(html).toContain('Title or other name');
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(
        host,
        <MemoryRouter initialEntries={['/sheet-share?tune=scotland-the-brave']}>
          <SheetShareScreen fetchImpl={fetchImpl} />
        </MemoryRouter>,
        { onRecoverableError: recoverable },
      );
    });
    await within(host).findByRole('heading', { level: 2, name: 'Scotland the Brave' });
    expect(recoverable).not.toHaveBeenCalled();
    host.remove();
  });
});
