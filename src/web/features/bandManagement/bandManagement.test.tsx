import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedBand } from '../../../contracts/directory/bandRoutes.ts';
import { directoryMessages as m } from '../../../contracts/directory/directoryTerms.ts';
import { authSession } from '../../lib/authSession.ts';
import BandProfileScreen from './BandProfileScreen.tsx';
import BandRegistrationScreen from './BandRegistrationScreen.tsx';

const BAND = '3f1c2e4d-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const INVITE = '00000000-0000-4000-8000-000000000001';
const ME = 'user-alice';

const managed = (over: Partial<ManagedBand> = {}): ManagedBand => ({
  band: {
    id: BAND,
    name: 'Glasgow Pipe Band',
    grade: 'grade-2',
    town: 'Glasgow',
    country: 'GB',
    lat: 55.87,
    lon: -4.26,
    exactLocation: false,
    recruiting: ['pipers'],
    learnerProgramme: true,
    practiceDays: ['tue'],
    distanceKm: null,
    logoUrl: null,
    association: null,
    branch: null,
    place: { id: 2648579, name: 'Glasgow', country: 'GB', region: 'SCT', lat: 55.86, lon: -4.25 },
    venue: 'The Hall',
    practice: [{ day: 'tue', start: '19:30', end: '21:30' }],
    loanerInstruments: false,
    uniforms: false,
    website: null,
    socials: [],
    description: '',
    tunes: [],
    manage: {
      status: 'pending',
      statusReason: null,
      confirmedAt: new Date().toISOString(),
      listed: false,
    },
    updatedAt: new Date().toISOString(),
  },
  managers: [{ userId: ME, name: 'Alice', role: 'owner' }],
  invites: [],
  hasContact: true,
  ...over,
});

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

const refusal = (status: number, message: string) =>
  Response.json({ error: { message, code: 'validation' } }, { status });

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/band-registration', element: <BandRegistrationScreen /> },
      { path: '/band-profile', element: <BandProfileScreen /> },
      { path: '/auth', element: <p>Sign in page</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const signedIn = () =>
  act(() =>
    authSession.set({
      status: 'signed-in',
      user: { id: ME, email: 'alice@example.org', roles: ['user'] },
    }),
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  authSession.set({ status: 'signed-out', user: null });
});

describe('/band-registration (issue 16 item 3)', () => {
  it('issue 16.3: a visitor who is not signed in is sent to sign in and brought back', async () => {
    fakeApi(() => ({}));
    act(() => authSession.set({ status: 'signed-out', user: null }));
    renderAt('/band-registration');
    const link = await screen.findByRole('link', { name: 'Sign in to register a band' });
    expect(link.getAttribute('href')).toBe('/auth?redirect=%2Fband-registration');
    expect(screen.getByText(/free during the\s+launch phase/)).toBeTruthy();
  });

  it('issue 16.3: an incomplete form shows each field’s message beside it and sends nothing', async () => {
    const calls = fakeApi(() => ({}));
    signedIn();
    renderAt('/band-registration');
    await userEvent.click(await screen.findByRole('button', { name: 'Register the band' }));
    const name = screen.getByRole('textbox', { name: 'Band name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = (el: HTMLElement) =>
      document.getElementById(el.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent;
    expect(described(name)).toBe(m.nameRequired);
    expect(described(screen.getByRole('combobox', { name: 'Grade' }))).toBe(m.gradeRequired);
    expect(screen.getByText(m.placeRequired)).toBeTruthy();
    expect(described(screen.getByRole('textbox', { name: /Practice venue/ }))).toBe(
      m.venueRequired,
    );
    expect(described(screen.getByRole('textbox', { name: 'Contact email' }))).toBe(
      m.contactRequired,
    );
    expect(calls.filter((c) => c.url.startsWith('/api/bands'))).toEqual([]);
    // The exact place is off by default, with the reason beside it.
    const exact = screen.getByRole('checkbox', {
      name: 'Show the exact practice place on the map',
    });
    expect((exact as HTMLInputElement).checked).toBe(false);
    expect(exact.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('issue 16.3: a logo that is not an image is refused before anything is sent', async () => {
    fakeApi(() => ({}));
    signedIn();
    renderAt('/band-registration');
    const input = await screen.findByLabelText('Logo (optional)');
    const file = new File(['plain text'], 'logo.png', { type: 'text/plain' });
    await userEvent.upload(input, file, { applyAccept: false });
    expect(screen.getByText(m.logoType)).toBeTruthy();
  });
});

describe('/band-profile (issue 16 item 3)', () => {
  it('issue 16.3: lists the bands with their state; invites, withdraws, confirms', async () => {
    let current = managed();
    const calls = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/api/me/bands') return { bands: [current] };
      if (call.method === 'POST' && call.url.endsWith('/invites')) {
        current = managed({
          invites: [{ id: INVITE, email: 'carol@example.org', expiresAt: '2026-12-02T00:00:00Z' }],
        });
        return current;
      }
      if (call.method === 'DELETE' && call.url.includes('/invites/')) {
        current = managed();
        return current;
      }
      if (call.url.endsWith('/confirm')) return current;
      return {};
    });
    signedIn();
    renderAt('/band-profile');
    const card = (await screen.findByRole('heading', { name: 'Glasgow Pipe Band' })).closest(
      'article',
    )!;
    expect(within(card).getByText('Waiting for a moderator')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'View the band’s page' }).getAttribute('href'),
    ).toBe(`/band/${BAND}`);

    await userEvent.type(
      within(card).getByLabelText('Invite a co-manager by email'),
      'carol@example.org',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Send invitation' }));
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/invites'))?.body).toEqual({
      email: 'carol@example.org',
    });
    expect(await within(card).findByText(/carol@example\.org — until 2026-12-02/)).toBeTruthy();

    await userEvent.click(
      within(card).getByRole('button', { name: 'Withdraw the invitation to carol@example.org' }),
    );
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url === `/api/bands/${BAND}/invites/${INVITE}`),
    ).toBe(true);

    await userEvent.click(
      within(card).getByRole('button', { name: 'Confirm the listing is right' }),
    );
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/bands/${BAND}/confirm`)).toBe(
      true,
    );
  });

  it('issue 16.3: a rejected listing shows the reason; an edit refused by the server shows the message beside its field', async () => {
    const rejected = managed();
    rejected.band.manage = {
      ...rejected.band.manage!,
      status: 'rejected',
      statusReason: 'Not a band.',
    };
    fakeApi((call) => {
      if (call.method === 'GET') return { bands: [rejected] };
      if (call.method === 'PATCH') return refusal(400, `placeId: ${m.placeUnknown}`);
      return {};
    });
    signedIn();
    renderAt('/band-profile');
    expect(await screen.findByText(/The moderator said: Not a band\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(m.placeUnknown)).toBeTruthy();
  });

  it('issue 16.3: deleting asks first; stepping down and removing a co-manager call the server', async () => {
    const both = managed({
      managers: [
        { userId: ME, name: 'Alice', role: 'owner' },
        { userId: 'user-carol', name: 'Carol', role: 'manager' },
      ],
    });
    const calls = fakeApi((call) =>
      call.method === 'GET'
        ? { bands: [both] }
        : call.method === 'DELETE' && call.url.includes('/managers/')
          ? { removed: true }
          : { deleted: true },
    );
    signedIn();
    renderAt('/band-profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Carol as a manager' }));
    expect(
      calls.some(
        (c) => c.method === 'DELETE' && c.url === `/api/bands/${BAND}/managers/user-carol`,
      ),
    ).toBe(true);
    expect(screen.queryByText(/Carol/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/bands/${BAND}`)).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete Glasgow Pipe Band' }));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/bands/${BAND}`)).toBe(true);
    expect(await screen.findByText('Glasgow Pipe Band was deleted.')).toBeTruthy();
  });

  it('issue 16.3: ?invite=TOKEN is accepted once signed in, then taken out of the address', async () => {
    const token = 'T'.repeat(43);
    const calls = fakeApi((call) =>
      call.url === '/api/band-invites/accept' ? managed() : { bands: [managed()] },
    );
    signedIn();
    const router = renderAt(`/band-profile?invite=${token}`);
    expect(await screen.findByText('Welcome! You now help manage Glasgow Pipe Band.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/band-invites/accept')?.body).toEqual({ token });
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Glasgow Pipe Band' })).toBeTruthy();
  });

  it('issue 16.3: an invitation link opened signed out leads to sign-in and back with the token', async () => {
    fakeApi(() => ({}));
    act(() => authSession.set({ status: 'signed-out', user: null }));
    renderAt('/band-profile?invite=abc');
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe(
      `/auth?redirect=${encodeURIComponent('/band-profile?invite=abc')}`,
    );
  });
});
