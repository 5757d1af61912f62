import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ChanterSyncRedirect } from './ChanterSyncRedirect.tsx';
import { resetStoresForTests } from '../storage/settingsStore.ts';

const FLAG = '_force_navigate_to_chantersync';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ChanterSyncRedirect />
            <p>page</p>
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetStoresForTests();
});
afterEach(() => resetStoresForTests());

describe('redirect flag', () => {
  it('R-4.REDIRECT-01 a flag in local storage forces a redirect to /chantersync, once', () => {
    window.localStorage.setItem(FLAG, 'true');
    const router = renderAt('/tuner');
    expect(router.state.location.pathname).toBe('/chantersync');
    expect(window.localStorage.getItem(FLAG)).toBe('false');
    expect(screen.getByText('page')).toBeTruthy();
  });

  it('R-4.REDIRECT-01 a flag in session storage forces the same redirect', () => {
    window.sessionStorage.setItem(FLAG, 'true');
    const router = renderAt('/flashcards');
    expect(router.state.location.pathname).toBe('/chantersync');
    expect(window.sessionStorage.getItem(FLAG)).toBe('false');
  });

  it('without the flag nothing moves', () => {
    const router = renderAt('/tuner');
    expect(router.state.location.pathname).toBe('/tuner');
  });
});
