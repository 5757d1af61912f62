import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

function Screen() {
  const { pathname } = useLocation();
  if (pathname === '/broken') throw new Error('screen chunk failed');
  return <h1>Screen at {pathname}</h1>;
}

let go: (path: string) => void = () => undefined;
function Tree() {
  const location = useLocation();
  const navigate = useNavigate();
  go = (path) => void navigate(path);
  return (
    <RouteErrorBoundary locationKey={location.key}>
      <Screen />
    </RouteErrorBoundary>
  );
}

describe('RouteErrorBoundary', () => {
  beforeEach(() => {
    // React logs caught render errors; the boundary is the thing under test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('R-8.OTHER-04 issue 21.4: without the data router a screen error still shows "Unexpected Application Error!", and navigating away clears it', () => {
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Tree />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByText('screen chunk failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    act(() => go('/tuner'));
    expect(screen.getByRole('heading', { level: 1, name: 'Screen at /tuner' })).toBeTruthy();
  });
});
