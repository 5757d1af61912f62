import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../../contracts/account.ts';
import { formMessages } from '../../../contracts/forms.ts';
import AuthScreen, { type AuthScreenProps } from './AuthScreen.tsx';

// The real widget is proven in e2e/auth.e2e.ts; here a button stands in for a solved check.
vi.mock('../../ui/HumanCheck.tsx', () => ({
  HumanCheck: ({
    onChange,
    resetKey,
  }: {
    onChange: (p: string | null) => void;
    resetKey: number;
  }) => (
    <button type="button" onClick={() => onChange(`solved-${resetKey}`)}>
      Solve human check
    </button>
  ),
}));

function renderAuth(
  api: Partial<NonNullable<AuthScreenProps['api']>>,
  path = '/auth?redirect=%2Fplaylists',
  openUrl = vi.fn(),
) {
  const full = {
    sendMagicLink: vi.fn(async () => ({ ok: true as const })),
    startGoogleSignIn: vi.fn(async () => ({
      ok: true as const,
      url: 'https://accounts.google.com/x',
    })),
    fetchAccountOptions: vi.fn(async () => ({
      google: true,
      outbox: false,
      mailboxVisible: false,
    })),
    ...api,
  };
  const router = createMemoryRouter(
    [{ path: '/auth', element: <AuthScreen api={full} openUrl={openUrl} /> }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  return full;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send Magic Link' }));

describe('AuthScreen', () => {
  it('R-2.3.AUTH-01 R-2.3.AUTH-03 R-5.AUTH-01 a missing email is refused with the spec message', async () => {
    const api = renderAuth({});
    submit();
    expect(await screen.findByText(authMessages.emailRequired)).toBeTruthy();
    expect(api.sendMagicLink).not.toHaveBeenCalled();
  });

  it('R-5.AUTH-02 an unsolved human check is refused, naming the provider', async () => {
    const api = renderAuth({});
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.org' } });
    submit();
    expect(await screen.findByText(formMessages.humanCheckRequired)).toBeTruthy();
    expect(formMessages.humanCheckRequired).toContain('ALTCHA');
    expect(api.sendMagicLink).not.toHaveBeenCalled();
  });

  it('R-8.AUTH-02 R-7.AUTH-05 sends the link with the callback and shows the success message', async () => {
    const api = renderAuth({});
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solve human check' }));
    await act(async () => submit());
    expect(await screen.findByText(authMessages.linkSent)).toBeTruthy();
    expect(api.sendMagicLink).toHaveBeenCalledWith({
      email: 'a@example.org',
      altcha: 'solved-0',
      target: '/playlists',
      origin: window.location.origin,
    });
  });

  it('R-8.AUTH-01 a failed send shows the spec message plus the server message', async () => {
    renderAuth({
      sendMagicLink: vi.fn(async () => ({ ok: false as const, message: 'Too many.' })),
    });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solve human check' }));
    await act(async () => submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to send magic link. Too many.',
    );
  });

  it('R-2.3.AUTH-04 R-7.AUTH-07 Google sign-in opens the provider page', async () => {
    const openUrl = vi.fn();
    renderAuth({}, '/auth', openUrl);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' })),
    );
    expect(openUrl).toHaveBeenCalledWith('https://accounts.google.com/x');
  });

  it('R-8.AUTH-03 a failed Google sign-in shows the spec message plus the message', async () => {
    renderAuth({
      startGoogleSignIn: vi.fn(async () => ({ ok: false as const, message: 'Nope.' })),
    });
    await screen.findByRole('button', { name: 'Sign in with Google' });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' })),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Google sign-in failed. Nope.');
  });

  it('without Google keys the button explains the site has not enabled it', async () => {
    const api = renderAuth({
      fetchAccountOptions: vi.fn(async () => ({
        google: false,
        outbox: true,
        mailboxVisible: true,
      })),
    });
    expect(await screen.findByText(authMessages.googleNotEnabled)).toBeTruthy();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' })),
    );
    expect(api.startGoogleSignIn).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      `${authMessages.googleFailed} ${authMessages.googleNotEnabled}`,
    );
    expect(screen.getByRole('link', { name: 'development mailbox' })).toBeTruthy();
  });
});
