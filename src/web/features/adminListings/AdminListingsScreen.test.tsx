/**
 * Moderate Listings in jsdom (issue 16 item 7): what each tab shows and what it sends. The
 * server is a fake fetch answering the moderation routes; the server's own checks are in
 * src/server/routes/moderation.api.test.ts.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModerationItem } from '../../../contracts/directory/moderationRoutes.ts';
import { directoryMessages } from '../../../contracts/directory/directoryTerms.ts';
import { setAdminToken } from '../../lib/adminToken.ts';
import { authSession } from '../../lib/authSession.ts';
import AdminListingsScreen, { REFUSED_MESSAGE } from './AdminListingsScreen.tsx';

afterEach(() => {
  cleanup();
  setAdminToken('');
  act(() => authSession.set({ status: 'signed-out', user: null }));
});

const BAND = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const TUTOR = '4a2d3b5f-6c7e-4f80-9a1b-2c3d4e5f6a7b';
const REPORT = '5b3e4c60-7d8f-4a91-8b2c-3d4e5f6a7b8c';

const item = (over: Partial<ModerationItem>): ModerationItem => ({
  kind: 'band',
  id: BAND,
  name: 'Glenbogle Pipe Band',
  town: 'Inverness',
  country: 'GB',
  status: 'pending',
  statusReason: null,
  registrant: 'Morag',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  openReports: 0,
  ...over,
});

type Call = { method: string; url: string; body: unknown; auth: string | null };

function server(calls: Call[]) {
  return (async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      method: init?.method ?? 'GET',
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      auth: headers.authorization ?? null,
    });
    const json = (data: unknown) =>
      new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/admin/listings/audit')) {
      return json({
        entries: [
          {
            id: REPORT,
            action: 'approve',
            kind: 'band',
            listingId: BAND,
            listingName: 'Glenbogle Pipe Band',
            actor: null,
            detail: 'pending → public',
            createdAt: '2026-11-21T10:00:00.000Z',
          },
        ],
      });
    }
    if (url.startsWith('/api/admin/listings?status=pending')) {
      return json({
        items: [item({}), item({ kind: 'tutor', id: TUTOR, name: 'Bob Tutor', town: 'London' })],
        reports: [],
      });
    }
    if (url.startsWith('/api/admin/listings?status=reported')) {
      return json({
        items: [item({ status: 'public', openReports: 1 })],
        reports: [
          {
            id: REPORT,
            kind: 'band',
            listingId: BAND,
            listingName: 'Glenbogle Pipe Band',
            reason: 'closed',
            message: 'Stopped meeting.',
            createdAt: '2026-11-22T10:00:00.000Z',
          },
        ],
      });
    }
    if (url.startsWith('/api/admin/listings?status=edited')) {
      return json({
        items: [item({ status: 'public', editedAt: '2026-11-23T10:00:00.000Z' })],
        reports: [],
      });
    }
    if (url.startsWith('/api/admin/listings?status=hidden')) {
      return json({ items: [item({ status: 'hidden', statusReason: 'Closed' })], reports: [] });
    }
    if (url.includes('/decision')) return json(item({ status: 'public' }));
    if (url.includes('/resolve')) return json({ resolved: true });
    return new Response('{}', { status: 404 });
  }) as typeof fetch;
}

function renderScreen(fetchImpl: typeof fetch) {
  return render(
    <MemoryRouter>
      <AdminListingsScreen fetchImpl={fetchImpl} />
    </MemoryRouter>,
  );
}

describe('issue 16.7: the moderation page', () => {
  it('issue 16.7: a visitor who is not an administrator is told so without asking the server; a typed token is sent as a bearer', async () => {
    const calls: Call[] = [];
    renderScreen(server(calls));
    expect(await screen.findByText(REFUSED_MESSAGE)).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByLabelText(/token/i), 'the-admin-token-0123456789');
    await userEvent.click(screen.getByRole('button', { name: /use|continue|sign|submit|save/i }));
    expect(await screen.findByRole('heading', { name: /Glenbogle Pipe Band/ })).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: '/api/admin/listings?status=pending',
      auth: 'Bearer the-admin-token-0123456789',
    });
  });

  it('issue 16.7: pending bands and tutors; Approve approves; Reject requires a reason and sends it', async () => {
    setAdminToken('t0k3n-0123456789abcdef');
    const calls: Call[] = [];
    renderScreen(server(calls));
    expect(await screen.findByRole('heading', { name: /Bob Tutor/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Glenbogle Pipe Band' }));
    expect(await screen.findByText('“Glenbogle Pipe Band” approved and listed.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/api/admin/listings/band/${BAND}/decision`,
      body: { action: 'approve' },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Reject Bob Tutor…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Bob Tutor”' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Reject and tell the registrant' }),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe(
      directoryMessages.rejectReasonRequired,
    );
    await userEvent.type(within(dialog).getByRole('textbox'), 'Please add your qualifications.');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Reject and tell the registrant' }),
    );
    expect(await screen.findByText(/“Bob Tutor” rejected/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      url: `/api/admin/listings/tutor/${TUTOR}/decision`,
      body: { action: 'reject', reason: 'Please add your qualifications.' },
    });
  });

  it('issue 16.7: reported listings show their reports, which can be marked dealt with; hidden ones can be restored; the audit log lists decisions', async () => {
    setAdminToken('t0k3n-0123456789abcdef');
    const calls: Call[] = [];
    renderScreen(server(calls));
    await screen.findByRole('heading', { name: /Bob Tutor/ });
    await userEvent.click(screen.getByRole('tab', { name: 'Reported' }));
    const reports = await screen.findByRole('list', { name: 'Reports on Glenbogle Pipe Band' });
    expect(reports.textContent).toContain('The band or tutor no longer exists');
    expect(reports.textContent).toContain('Stopped meeting.');
    expect(screen.getByRole('button', { name: 'Hide Glenbogle Pipe Band…' })).toBeTruthy();
    await userEvent.click(within(reports).getByRole('button', { name: 'Mark dealt with' }));
    expect(await screen.findByText('Report marked as dealt with.')).toBeTruthy();
    expect(calls.some((c) => c.url === `/api/admin/listing-reports/${REPORT}/resolve`)).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Hidden' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Restore Glenbogle Pipe Band' }),
    );
    expect(await screen.findByText('“Glenbogle Pipe Band” restored.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ action: 'restore' });

    await userEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    const table = await screen.findByRole('table');
    expect(table.textContent).toContain('Administrator (token)');
    expect(table.textContent).toContain('Band: Glenbogle Pipe Band');
  });

  it('issue 16.7: a public listing its managers changed waits on the Edited tab, live; "Changes are fine" approves it again, Hide stays at hand', async () => {
    setAdminToken('t0k3n-0123456789abcdef');
    const calls: Call[] = [];
    renderScreen(server(calls));
    await screen.findByRole('heading', { name: /Bob Tutor/ });
    await userEvent.click(screen.getByRole('tab', { name: 'Edited' }));
    const card = (await screen.findByRole('heading', { name: /Glenbogle Pipe Band/ })).closest(
      'li',
    )!;
    expect(card.textContent).toContain('changed by its managers 23 Nov 2026');
    expect(within(card).getByRole('button', { name: 'Hide Glenbogle Pipe Band…' })).toBeTruthy();
    await userEvent.click(
      within(card).getByRole('button', { name: 'The changes to Glenbogle Pipe Band are fine' }),
    );
    expect(
      await screen.findByText('“Glenbogle Pipe Band” stays listed; its changes are reviewed.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      url: `/api/admin/listings/band/${BAND}/decision`,
      body: { action: 'approve' },
    });
    expect(calls.some((c) => c.url === '/api/admin/listings?status=edited')).toBe(true);
  });
});
