import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../contracts/account.ts';
import { rememberScoreSession } from '../../storage/rememberScoreSession.ts';
import { resetStoresForTests, settingsStore } from '../../storage/settingsStore.ts';
import ProfileScreen from './ProfileScreen.tsx';

const profile: Profile = {
  id: 'u1',
  email: 'morag@example.org',
  name: '',
  initials: 'MCP',
  roles: ['user'],
  localUserId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const score = {
  id: 1,
  score: 420,
  level: 2,
  struserinitials: 'MCP',
  user_id: 'u1',
  local_user_id: null,
  created_at: '2026-11-02T10:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

let calls: { url: string; init?: RequestInit }[];

beforeEach(() => {
  resetStoresForTests();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, ...(init ? { init } : {}) });
      if (url === '/api/account/claim-scores') return json({ claimed: 2 });
      if (url === '/api/account/scores') return json({ scores: [score] });
      if (url === '/api/account' && init?.method === 'PATCH')
        return json({ ...profile, initials: 'ABC' });
      if (url === '/api/account') return json(profile);
      return json({ error: { message: 'unexpected' } }, 500);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderProfile() {
  const router = createMemoryRouter([{ path: '/user-profile', element: <ProfileScreen /> }], {
    initialEntries: ['/user-profile'],
  });
  render(<RouterProvider router={router} />);
}

describe('ProfileScreen', () => {
  it('shows the email, role, initials and the account’s scores', async () => {
    renderProfile();
    expect(await screen.findByText('morag@example.org')).toBeTruthy();
    expect(screen.getByText('user')).toBeTruthy();
    expect((screen.getByLabelText('Initials') as HTMLInputElement).value).toBe('MCP');
    expect(screen.getByRole('cell', { name: '420' })).toBeTruthy();
  });

  it('initials are upper-cased, at most 3, and saved to the account', async () => {
    renderProfile();
    const input = (await screen.findByLabelText('Initials')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'abcd' } });
    expect(input.value).toBe('ABC');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Initials' })));
    expect(await screen.findByText('Initials saved.')).toBeTruthy();
    const patch = calls.find((c) => c.init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ initials: 'ABC' });
  });

  it('claims this device’s anonymous scores with the local id and the sessions it kept as proof', async () => {
    const proofs = ['6f1c2e3d-4a5b-4c6d-8e7f-8091a2b3c4d5', '7a2d3f4e-5b6c-4d7e-9f80-91a2b3c4d5e6'];
    for (const id of proofs) rememberScoreSession(settingsStore(), id);
    rememberScoreSession(settingsStore(), proofs[0]!);
    renderProfile();
    await screen.findByText('morag@example.org');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Claim Scores From This Device' })),
    );
    expect(await screen.findByText(/2 scores were added to your account/)).toBeTruthy();
    const claim = calls.find((c) => c.url === '/api/account/claim-scores');
    const body = JSON.parse(String(claim?.init?.body)) as {
      localUserId: string;
      sessionIds: string[];
    };
    expect(body.localUserId).toMatch(/^[0-9a-f-]{36}$/);
    // Each kept once, newest last.
    expect(body.sessionIds).toEqual([proofs[1], proofs[0]]);
  });

  it('asks before deleting the account', async () => {
    renderProfile();
    await screen.findByText('morag@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(screen.getByRole('button', { name: 'Yes, Delete My Account' })).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(false);
  });
});
