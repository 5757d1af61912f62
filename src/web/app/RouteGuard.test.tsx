import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '../lib/authSession.ts';
import { RouteGuard } from './RouteGuard.tsx';

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/user-profile"
          element={
            <RouteGuard>
              <h1>Profile</h1>
            </RouteGuard>
          }
        />
        <Route path="/auth" element={<Where />} />
        <Route path="/blocked" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => authSession.set({ status: 'signed-out', user: null }));

describe('RouteGuard', () => {
  it('R-4.AUTH-04 waits while the session is read', () => {
    authSession.set({ status: 'loading', user: null });
    renderAt('/user-profile');
    expect(screen.getByRole('status').textContent).toBe('Checking your sign-in...');
    expect(screen.queryByRole('heading', { name: 'Profile' })).toBeNull();
  });

  it('R-4.AUTH-05 sends a visitor without a session to /auth?redirect={path}', () => {
    renderAt('/user-profile');
    expect(screen.getByText('at /auth?redirect=%2Fuser-profile')).toBeTruthy();
  });

  it('R-4.AUTH-06 sends a banned user to /blocked', () => {
    authSession.set({ status: 'signed-in', user: { id: 'u', email: 'a@b.c', roles: ['banned'] } });
    renderAt('/user-profile');
    expect(screen.getByText('at /blocked')).toBeTruthy();
  });

  it('shows the screen to a signed-in user', () => {
    authSession.set({ status: 'signed-in', user: { id: 'u', email: 'a@b.c', roles: ['user'] } });
    renderAt('/user-profile');
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeTruthy();
  });
});
