import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import BlockedScreen from './BlockedScreen.tsx';

describe('BlockedScreen', () => {
  it("R-2.3.BLOCKED-01 shows 'Access Denied' as the page heading", () => {
    render(
      <MemoryRouter>
        <BlockedScreen />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Access Denied');
  });

  it("R-2.3.BLOCKED-02 shows 'You have been blocked from accessing this site.'", () => {
    render(
      <MemoryRouter>
        <BlockedScreen />
      </MemoryRouter>,
    );
    expect(screen.getByText('You have been blocked from accessing this site.')).toBeTruthy();
    // Nothing to act on: a blocked user gets no links or buttons here.
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
