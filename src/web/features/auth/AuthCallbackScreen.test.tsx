import { render, screen } from '@testing-library/react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import AuthCallbackScreen, { codeFrom, type AuthCallbackProps } from './AuthCallbackScreen.tsx';

const signedIn = async () => ({ status: 'signed-in', user: { roles: ['user'] } });
const signedOut = async () => ({ status: 'signed-out', user: null });

function renderAt(url: string, props: AuthCallbackProps) {
  const router = createMemoryRouter(
    [
      { path: '/auth/callback', element: <AuthCallbackScreen {...props} /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: ['/before', url], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('AuthCallbackScreen', () => {
  it('R-4.AUTH-07 takes the code from the query or the hash', () => {
    expect(codeFrom('?token=abc&redirect=%2Fx', '')).toBe('abc');
    expect(codeFrom('?redirect=%2Fx', '#code=xyz')).toBe('xyz');
    expect(codeFrom('', '')).toBeNull();
  });

  it('R-2.3.AUTH-05 R-4.AUTH-08 R-4.AUTH-09 shows "Signing you in...", exchanges, then goes to the target after the delay, replacing the page', async () => {
    const exchange = vi.fn(async () => ({ ok: true as const }));
    const router = renderAt('/auth/callback?redirect=%2Fplaylists&token=t1', {
      exchange,
      refresh: signedIn,
      delayMs: 50,
    });
    expect(screen.getByText('Signing you in...')).toBeTruthy();
    await screen.findByText('landed');
    expect(exchange).toHaveBeenCalledWith('t1');
    expect(router.state.location.pathname).toBe('/playlists');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('R-4.AUTH-10 R-4.AUTH-11 the default target is /user-profile, and /auth targets are replaced by it', async () => {
    const router = renderAt('/auth/callback?redirect=%2Fauth', {
      exchange: vi.fn(),
      refresh: signedIn,
      delayMs: 0,
    });
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/user-profile');
  });

  it('R-4.AUTH-12 with no session goes to /auth', async () => {
    const router = renderAt('/auth/callback', {
      exchange: vi.fn(),
      refresh: signedOut,
      delayMs: 0,
    });
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/auth');
  });

  // A browser router, so the navigation goes through the real (jsdom) history: a target that
  // the browser reads as another origin made `history.replaceState` throw and the page stayed
  // on 'Signing you in...'.
  it.each([
    ['a tab that the browser strips into //evil.com', '%2F%09%2Fevil.com'],
    ['a newline', '%2F%0A%2Fevil.com'],
    ['a NUL', '%2F%00'],
    ['a backslash', '%2F%5Cevil.com'],
    ['a protocol-relative address', '%2F%2Fevil.com'],
    ['javascript:', 'javascript%3Aalert(1)'],
    ['another origin', 'https%3A%2F%2Fevil.com%2F'],
    ['a right-to-left override', '%2F%E2%80%AEmoc.live'],
    ['a very long value', `%2F${'a'.repeat(5000)}`],
  ])(
    'issue 13.12 R-4.AUTH-10: a bad target (%s) leaves "Signing you in..." for /user-profile',
    async (_name, redirect) => {
      window.history.replaceState(null, '', `/auth/callback?redirect=${redirect}&token=t`);
      const router = createBrowserRouter([
        {
          path: '/auth/callback',
          element: (
            <AuthCallbackScreen
              exchange={async () => ({ ok: true as const })}
              refresh={signedIn}
              delayMs={0}
            />
          ),
        },
        { path: '*', element: <p>landed</p> },
      ]);
      render(<RouterProvider router={router} />);
      await screen.findByText('landed');
      expect(screen.queryByText('Signing you in...')).toBeNull();
      expect(window.location.pathname).toBe('/user-profile');
      expect(window.location.origin).toBe(new URL(document.baseURI).origin);
      router.dispose();
    },
  );

  it('a banned user goes to /blocked', async () => {
    const exchange = vi.fn(async () => ({
      ok: false as const,
      code: 'BANNED_USER',
      message: 'banned',
    }));
    const router = renderAt('/auth/callback?token=t', { exchange, refresh: signedOut, delayMs: 0 });
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/blocked');
  });
});
