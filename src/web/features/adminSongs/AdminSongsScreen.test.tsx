/**
 * Manage Songs in jsdom (issue 15 item 8): what each tab shows and what it sends. The server
 * is a fake fetch answering the curation routes (src/contracts/library/curationRoutes.ts);
 * the server's own checks are in src/server/routes/curation.api.test.ts.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AuditEntry,
  CuratedReport,
  CuratedSetting,
  CuratedTune,
} from '../../../contracts/library/curationRoutes.ts';
import { LIBRARY_LIMITS } from '../../../contracts/library/libraryTerms.ts';
import { authSession } from '../../lib/authSession.ts';
import AdminSongsScreen, { REFUSED_MESSAGE } from './AdminSongsScreen.tsx';
import { setAdminToken } from '../../lib/adminToken.ts';

// The real score needs VexFlow and layout; these tests are about the screen around it.
vi.mock('../../ui/notation/PipeScore.tsx', () => ({
  PipeScore: ({ label }: { label?: string }) => <div data-testid="score">{label}</div>,
}));
const player = { play: vi.fn(), stop: vi.fn() };
vi.mock('../../ui/tunes/useTunePlayer.ts', () => ({
  useTunePlayer: () => ({ player, state: { state: 'stopped', noteIndex: null, position: 0 } }),
}));

const ids = {
  tune: '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4',
  other: '1c7a2d3f-4e5b-4c6d-9e7f-8091a2b3c4d5',
  setting: '2d8b3e4f-5f6c-4d7e-8f80-91a2b3c4d5e6',
  report: '3e9c4f50-6a7d-4e8f-9a91-a2b3c4d5e6f7',
};

// A small tune written for this test (not taken from any collection).
const BWW = '& sharpf sharpc 2_4 LA_4 B_4 C_4 D_4 !t\n';

const setting: CuratedSetting = {
  id: ids.setting,
  tune: {
    id: ids.tune,
    slug: 'test-march',
    title: 'Test March',
    type: '2/4 march',
    timeSignature: '2/4',
    composer: 'Traditional',
  },
  bww: BWW,
  arranger: null,
  source: 'My own book',
  licence: 'cc-by',
  attribution: 'Alice Piper',
  visibility: 'pending',
  uploader: { id: 'u-alice', name: 'Alice', email: 'alice@example.org' },
  rejectReason: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const tune = (id: string, title: string, featured = false): CuratedTune => ({
  id,
  slug: title.toLowerCase().replace(/ /g, '-'),
  title,
  aliases: [],
  type: '2/4 march',
  timeSignature: '2/4',
  composer: 'Traditional',
  composerDates: null,
  notes: null,
  featured,
  mergedInto: null,
  settings: { total: 2, public: 1, pending: 1 },
});

const report: CuratedReport = {
  id: ids.report,
  kind: 'copyright',
  message: 'This tune is by a living composer.',
  status: 'open',
  reporter: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  setting: { ...setting, visibility: 'hidden' },
};

const entry: AuditEntry = {
  id: 7,
  actorId: 'u-boss',
  actorLabel: 'boss@example.org',
  action: 'reject',
  targetKind: 'setting',
  targetId: ids.setting,
  detail: { title: 'Test March', reason: 'In copyright.' },
  createdAt: '2026-11-03T10:00:00.000Z',
};

type Sent = { method: string; path: string; search: string; body: unknown; auth: string | null };

function fakeServer(answers: Record<string, (body: unknown) => unknown>, status = 200) {
  const sent: Sent[] = [];
  const fetchSpy = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({
      method,
      path: url.pathname,
      search: url.search,
      body,
      auth: headers.authorization ?? null,
    });
    const answer = answers[`${method} ${url.pathname}`];
    if (status !== 200 || !answer) {
      return new Response(JSON.stringify({ error: { message: 'Refused', code: 'x' } }), {
        status: status === 200 ? 404 : status,
      });
    }
    return new Response(JSON.stringify({ data: answer(body) }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return { sent, fetchSpy };
}

const signedIn = (roles: string[]) =>
  act(() =>
    authSession.set({
      status: 'signed-in',
      user: {
        id: 'u-boss',
        email: 'boss@example.org',
        name: 'Boss',
        roles,
        initials: null,
        localUserId: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      } as never,
    }),
  );

const queueAnswer = () => ({ settings: [setting], total: 1 });

// The session store reads the session at its first subscriber: done once here, so no read
// lands in the middle of a test and overrides the state it set.
beforeAll(async () => {
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
  authSession.subscribe(() => undefined);
  await authSession.refresh();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  setAdminToken('');
  player.play.mockReset();
  player.stop.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => authSession.set({ status: 'signed-out', user: null }));
});

describe('Manage Songs', () => {
  it('issue 15.8: a visitor who is not an administrator is told so without asking the server; a token is sent as a bearer', async () => {
    const { sent } = fakeServer({ 'GET /api/admin/library/queue': queueAnswer });
    act(() => authSession.set({ status: 'signed-out', user: null }));
    render(<AdminSongsScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Songs' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(REFUSED_MESSAGE);
    expect(sent).toEqual([]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Administrator token'), 'the-token');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Test March' });
    expect(sent[0]).toMatchObject({ path: '/api/admin/library/queue', auth: 'Bearer the-token' });
  });

  it('issue 15.8: a refusal from the server (a signed-in user who lost the role) shows the token form', async () => {
    fakeServer({}, 403);
    signedIn(['admin']);
    render(<AdminSongsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain(REFUSED_MESSAGE);
  });

  it('issue 15.8: the queue shows the pending setting, its licence, uploader email and rendered music; Approve approves', async () => {
    let pending = [setting];
    const { sent } = fakeServer({
      'GET /api/admin/library/queue': () => ({ settings: pending, total: pending.length }),
      [`POST /api/admin/library/settings/${ids.setting}/approve`]: () => {
        pending = [];
        return { ...setting, visibility: 'public' };
      },
    });
    signedIn(['admin']);
    render(<AdminSongsScreen />);
    const card = (await screen.findByRole('heading', { name: 'Test March' })).closest('article')!;
    const inCard = within(card as HTMLElement);
    expect(inCard.getByText(/CC BY 4.0/)).toBeTruthy();
    expect(inCard.getByText('Alice Piper')).toBeTruthy();
    expect(inCard.getByText('My own book')).toBeTruthy();
    expect(inCard.getByRole('link', { name: 'alice@example.org' })).toBeTruthy();
    // The first setting's music is open; Play hands the tune to the player.
    expect(inCard.getByTestId('score').textContent).toBe('Music of Test March');
    const user = userEvent.setup();
    await user.click(inCard.getByRole('button', { name: 'Play Test March' }));
    expect(player.play).toHaveBeenCalledTimes(1);
    await user.click(inCard.getByRole('button', { name: 'Approve' }));
    await screen.findByText('Nothing is waiting for review.');
    expect(screen.getByRole('status').textContent).toContain('Approved “Test March”');
    expect(sent.map((s) => `${s.method} ${s.path}`)).toContain(
      `POST /api/admin/library/settings/${ids.setting}/approve`,
    );
  });

  it('issue 15.8: Reject asks for the reason in a dialog, requires one, and sends it', async () => {
    const { sent } = fakeServer({
      'GET /api/admin/library/queue': queueAnswer,
      [`POST /api/admin/library/settings/${ids.setting}/reject`]: (body) => ({
        ...setting,
        visibility: 'rejected',
        rejectReason: (body as { reason: string }).reason,
        mailed: true,
      }),
    });
    signedIn(['admin']);
    render(<AdminSongsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject “Test March”' });
    const reason = within(dialog).getByLabelText('Reason (mailed to the uploader)');
    expect(reason.getAttribute('maxlength')).toBe(String(LIBRARY_LIMITS.rejectReason));
    await user.click(within(dialog).getByRole('button', { name: 'Reject and tell the uploader' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please say why, for the uploader.');
    expect(sent.some((s) => s.path.endsWith('/reject'))).toBe(false);
    await user.type(reason, 'The composer is living.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject and tell the uploader' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((s) => s.path.endsWith('/reject'))?.body).toEqual({
      reason: 'The composer is living.',
    });
    expect(screen.getByRole('status').textContent).toContain(
      'the reason was mailed to the uploader',
    );
  });

  it('issue 15.8: reports: uphold and dismiss send the decision and the note', async () => {
    const { sent } = fakeServer({
      'GET /api/admin/library/reports': () => ({ reports: [report], total: 1 }),
      [`POST /api/admin/library/reports/${ids.report}/resolve`]: (body) => ({
        ...report,
        status: (body as { decision: string }).decision === 'uphold' ? 'upheld' : 'dismissed',
        setting: { ...setting, visibility: 'public' },
      }),
    });
    signedIn(['admin']);
    render(<AdminSongsScreen />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    await screen.findByRole('heading', {
      name: 'Copyright report: Test March',
    });
    expect(screen.getByText('This tune is by a living composer.')).toBeTruthy();
    expect(screen.getByText('Hidden while a report is reviewed')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Note/), 'Traditional, 1850s.');
    await user.click(screen.getByRole('button', { name: 'Dismiss: keep it' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('public again'));
    expect(sent.find((s) => s.path.endsWith('/resolve'))?.body).toEqual({
      decision: 'dismiss',
      note: 'Traditional, 1850s.',
    });
    await user.click(await screen.findByRole('button', { name: 'Uphold: take it down' }));
    await waitFor(() => expect(sent.filter((s) => s.path.endsWith('/resolve'))).toHaveLength(2));
    expect(sent.filter((s) => s.path.endsWith('/resolve'))[1]?.body).toMatchObject({
      decision: 'uphold',
    });
  });

  it('issue 15.8: tunes: search, edit metadata, feature, and merge into a tune found in the dialog', async () => {
    let featured = false;
    const { sent } = fakeServer({
      'GET /api/admin/library/tunes': () => ({
        tunes: [tune(ids.tune, 'Test March', featured), tune(ids.other, 'Test March Two')],
        total: 2,
      }),
      [`PATCH /api/admin/library/tunes/${ids.tune}`]: (body) => ({
        ...tune(ids.tune, 'Test March'),
        ...(body as object),
      }),
      [`POST /api/admin/library/tunes/${ids.tune}/feature`]: (body) => {
        featured = (body as { featured: boolean }).featured;
        return tune(ids.tune, 'Test March', featured);
      },
      [`POST /api/admin/library/tunes/${ids.tune}/merge`]: () => ({
        tune: tune(ids.other, 'Test March Two'),
        moved: 2,
      }),
    });
    signedIn(['admin']);
    render(<AdminSongsScreen />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Tunes' }));
    await user.type(await screen.findByLabelText('Title or other name'), 'test mrch');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sent.some((s) => s.search.includes('q=test+mrch'))).toBe(true));

    await user.click(await screen.findByRole('button', { name: 'Edit Test March' }));
    const form = screen.getByRole('form', { name: 'Edit Test March' });
    const title = within(form).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'The Test March');
    await user.type(within(form).getByLabelText('Other names (one a line)'), 'Old Test{Enter}Test');
    await user.selectOptions(within(form).getByLabelText('Type'), 'reel');
    await user.type(within(form).getByLabelText('Composer’s dates'), '1850–1920');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(sent.find((s) => s.method === 'PATCH')?.body).toEqual({
      title: 'The Test March',
      aliases: ['Old Test', 'Test'],
      type: 'reel',
      timeSignature: '2/4',
      composer: 'Traditional',
      composerDates: '1850–1920',
      notes: null,
      renameSlug: false,
    });

    await user.click(screen.getByRole('button', { name: 'Feature Test March' }));
    await screen.findByRole('button', { name: 'Unfeature Test March' });
    expect(sent.find((s) => s.path.endsWith('/feature'))?.body).toEqual({ featured: true });

    await user.click(screen.getByRole('button', { name: 'Merge Test March into another tune' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge “Test March” into another tune' });
    await user.type(within(dialog).getByLabelText('Find the tune to keep'), 'test');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    // The tune being merged is not offered as its own target.
    await user.click(await within(dialog).findByRole('radio', { name: /^Test March Two/ }));
    expect(within(dialog).queryByRole('radio', { name: /^Test March \(/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Merge into “Test March Two”' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((s) => s.path.endsWith('/merge'))?.body).toEqual({ into: ids.other });
    expect(screen.getByRole('status').textContent).toContain('2 settings moved');
  });

  it('issue 15.8: the audit log shows who did what, newest first, and pages', async () => {
    const { sent } = fakeServer({
      'GET /api/admin/library/audit': () => ({ entries: [entry], total: 51 }),
    });
    signedIn(['admin']);
    render(<AdminSongsScreen />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    await screen.findByText('Rejected a setting of “Test March”: In copyright.');
    expect(screen.getByText('boss@example.org')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(sent.some((s) => s.search.includes('offset=50'))).toBe(true));
  });

  it('issue 15.8: the tabs follow the arrow keys, Home and End', async () => {
    fakeServer({
      'GET /api/admin/library/queue': queueAnswer,
      'GET /api/admin/library/reports': () => ({ reports: [], total: 0 }),
      'GET /api/admin/library/tunes': () => ({ tunes: [], total: 0 }),
      'GET /api/admin/library/audit': () => ({ entries: [], total: 0 }),
    });
    signedIn(['admin']);
    render(<AdminSongsScreen />);
    const user = userEvent.setup();
    const queue = screen.getByRole('tab', { name: 'Queue' });
    expect(queue.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Queue' })).toBeTruthy();
    queue.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Reports' }));
    expect(screen.getByRole('tabpanel', { name: 'Reports' })).toBeTruthy();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Audit log' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Queue' }));
    await user.keyboard('{ArrowLeft}{Home}');
    expect(screen.getByRole('tab', { name: 'Queue' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Tunes' }).getAttribute('tabindex')).toBe('-1');
  });
});
